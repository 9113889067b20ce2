"""``PHASE W1901A`` (or this season's retreats) during a movement phase: the
orders after it are kept, entered when that phase opens where still legal
for the power, and dropped with the reason otherwise, as the power's results
email says. Whether they are kept, and what is entered, never depends on
what the power cannot see (two worlds); a phase that is not this year's
next retreat or adjustment phase is refused."""

from __future__ import annotations

import pytest
from django.core import mail

from games import actions
from games.actions.processing import adjudicate_phase
from games.models import Game, OrdersAhead, Phase
from games.tests.emails.conftest import make_game
from games.tests.replies.conftest import answers_to, seat_address, send, sheet_of
from postoffice.models import OutboxMessage
from tests.plain_text import says

SENDER = "england@example.org"
BUILDS = "PHASE W1901A\nBuild F Lon\nBuild A Edi"


def play_to(game: Game, master, name: str) -> Phase:
    """Process open phases, with no more orders, until ``name`` is open."""
    phase = game.phases.get(status=Phase.Status.OPEN)
    while phase.name != name:
        actions.process_now(phase, master)
        adjudicate_phase(phase.pk)
        phase = game.phases.get(status=Phase.Status.OPEN)
    return phase


@pytest.fixture
def fall(game_and_players) -> Phase:
    """Fall 1901 open with England's fleet in the North Sea, ordered to Norway."""
    game, master, players = game_and_players
    spring = game.phases.get(status=Phase.Status.OPEN)
    actions.submit_orders(spring, players["ENGLAND"], "ENGLAND", ["F LON - NTH"])
    fall = play_to(game, master, "F1901M")
    actions.submit_orders(fall, players["ENGLAND"], "ENGLAND", ["F NTH - NWY"])
    return fall


def only_answer() -> str:
    (answer,) = answers_to(SENDER)
    return str(answer.body)


def test_orders_ahead_are_kept_and_answered(game, fall, england):
    answers_to(SENDER)
    send(BUILDS, SENDER, england)
    body = only_answer()
    assert "NOT DONE" not in body, body
    assert says(body, "kept for Winter 1901 adjustments; applied when that phase opens")
    kept = OrdersAhead.objects.get(power="ENGLAND", phase_name="W1901A")
    assert kept.lines == ["Build F Lon", "Build A Edi"]
    assert sheet_of(fall, "ENGLAND") == ["F NTH - NWY"]  # the fall's own sheet is untouched


def test_they_are_applied_when_the_phase_opens_and_the_rest_dropped(
    game, fall, england, game_and_players
):
    send(BUILDS, SENDER, england)
    winter = play_to(game, game_and_players[1], "W1901A")
    assert sheet_of(winter, "ENGLAND") == ["F LON B"]
    kept = OrdersAhead.objects.get(power="ENGLAND", phase_name="W1901A")
    assert kept.applied == ["F LON B"]
    ((line, why),) = kept.dropped
    assert line == "Build A Edi" and why
    body = results_email_of("F1901R", game)
    assert says(body, "Your orders given ahead for Winter 1901 adjustments:")
    assert says(body, "entered: F LON B")
    assert says(body, f"dropped: Build A Edi ({why})")


def results_email_of(phase_name: str, game: Game | None = None) -> str:
    """England's results of ``phase_name``, as sent."""
    rows = OutboxMessage.objects.filter(power="ENGLAND", kind="results", phase__name=phase_name)
    row = rows.get(game=game) if game else rows.get()
    answers_to(SENDER)
    (sent,) = [m for m in mail.outbox if m.extra_headers.get("Message-ID") == row.message_id_header]
    return str(sent.body)


def test_orders_kept_for_retreats_are_dropped_when_nothing_is_dislodged(
    game, fall, england, game_and_players
):
    send("PHASE F1901R\nF Nwy - Swe", SENDER, england)
    retreats = play_to(game, game_and_players[1], "F1901R")
    assert sheet_of(retreats, "ENGLAND") == []
    kept = OrdersAhead.objects.get(power="ENGLAND", phase_name="F1901R")
    assert kept.applied == [] and kept.dropped[0][0] == "F Nwy - Swe"


@pytest.mark.parametrize("named", ["S1902R", "W1902A", "S1901R", "F1902M"])
def test_a_phase_neither_next_retreat_nor_adjustment_is_refused(game, fall, england, named):
    answers_to(SENDER)
    send(f"PHASE {named}\nF Nth - Nwy", SENDER, england)
    body = only_answer()
    assert says(body, "is not the phase open now: orders are taken for Fall 1901 movement")
    assert says(body, "orders ahead are taken for F1901R or W1901A only")
    assert not OrdersAhead.objects.exists()
    assert sheet_of(fall, "ENGLAND") == ["F NTH - NWY"]


def test_the_answer_is_the_same_whatever_england_cannot_see(game, fall, england, game_and_players):
    """Two worlds: before and after France orders the attack that would dislodge
    England's fleet from Norway; England's answer to its orders ahead is one."""
    answers_to(SENDER)
    send("PHASE F1901R\nF Nwy - Swe", SENDER, england, message_id="<one@client.example.org>")
    before = only_answer()
    assert says(before, "kept for Fall 1901 retreats")
    france = game_and_players[2]["FRANCE"]
    actions.submit_orders(fall, france, "FRANCE", ["F BRE - MAO", "A PAR - PIC", "A MAR - BUR"])
    send("PHASE F1901R\nF Nwy - Swe", SENDER, england, message_id="<two@client.example.org>")
    assert only_answer() == before


def what_winter_says(turkey_moves: bool, suffix: str) -> tuple[list[str], str]:
    """One world: England keeps its builds ahead in the fall; Turkey, far out
    of its sight, moves or not. England's answer's lines and the part of its
    results email that reports the orders ahead."""
    game, master, players = make_game(suffix=suffix)
    actions.submit_orders(game.phases.get(), players["ENGLAND"], "ENGLAND", ["F LON - NTH"])
    fall = play_to(game, master, "F1901M")
    actions.submit_orders(fall, players["ENGLAND"], "ENGLAND", ["F NTH - NWY"])
    if turkey_moves:
        actions.submit_orders(fall, players["TURKEY"], "TURKEY", ["A CON - BUL", "F ANK - BLA"])
    answers_to(SENDER)
    send(BUILDS, SENDER, seat_address(game, "ENGLAND"), message_id=f"<w{suffix}@c.example.org>")
    answer = [line for line in only_answer().splitlines() if "kept for" in line]
    play_to(game, master, "W1901A")
    report = results_email_of("F1901R", game).split("Your orders given ahead")[1]
    return answer, report.split("Your map is attached.")[0]


@pytest.mark.django_db
def test_what_is_entered_is_the_same_whatever_england_cannot_see():
    base = what_winter_says(turkey_moves=False, suffix="")
    assert base[0] and "entered: F LON B" in base[1]
    assert what_winter_says(turkey_moves=True, suffix="2") == base
