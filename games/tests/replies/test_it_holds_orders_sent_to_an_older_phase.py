"""A reply to an older phase's email (the Spring start, arriving in Fall)
has its orders refused, naming the phase open now; a PHASE line naming the
open phase, or a reply to the latest email, is played as usual."""

from __future__ import annotations

import pytest

from games import actions
from games.actions.processing import adjudicate_phase
from games.models import Game, Phase
from games.tests.replies.clients import send_round_three
from games.tests.replies.conftest import answers_to, send, sheet_of
from postoffice.models import OutboxMessage
from tests.plain_text import says

SENDER = "england@example.org"


@pytest.fixture
def fall(game_and_players) -> Phase:
    """Fall 1901 open, Spring and its retreats adjudicated with no orders."""
    game, master, _ = game_and_players
    for ordinal in (1, 2):
        phase = game.phases.get(ordinal=ordinal)
        actions.process_now(phase, master)
        adjudicate_phase(phase.pk)
    return game.phases.get(status=Phase.Status.OPEN)


def message_id(game: Game, kind: str, phase_name: str) -> str:
    row = OutboxMessage.objects.get(game=game, power="ENGLAND", kind=kind, phase__name=phase_name)
    return row.message_id_header.strip("<>")


def test_a_late_reply_to_spring_is_not_played_in_fall(game, fall, england):
    assert fall.name == "F1901M"
    spring_start = message_id(game, "game_start", "S1901M")
    answers_to(SENDER)
    send_round_three("outlook_late_reply_to_spring.eml", SENDER, england, spring_start)
    assert sheet_of(fall, "ENGLAND") == []
    (answer,) = answers_to(SENDER)
    assert says(
        answer.body,
        "NOT DONE: this email answers the one about Spring 1901 movement, but Fall 1901 "
        "movement is open now",
    )
    assert says(answer.body, "PHASE F1901M")


def test_a_phase_line_naming_the_open_phase_plays_the_orders(game, fall, england):
    spring_start = message_id(game, "game_start", "S1901M")
    headers = {"In-Reply-To": f"<{spring_start}>"}
    send("PHASE F1901M\nF Lon - Nth", SENDER, england, headers=headers)
    assert sheet_of(fall, "ENGLAND") == ["F LON - NTH"]


def test_a_reply_to_the_latest_results_is_played(game, fall, england):
    latest = message_id(game, "results", "S1901R")
    send_round_three("outlook_late_reply_to_spring.eml", SENDER, england, latest)
    assert sorted(sheet_of(fall, "ENGLAND")) == ["A LVP - YOR", "F LON - NTH"]


def test_a_phase_line_naming_another_phase_is_refused(game, fall, england):
    send("PHASE S1902M\nF Lon - Nth", SENDER, england)
    (answer,) = answers_to(SENDER)
    assert "NOT DONE: Spring 1902 movement is not the phase open now" in answer.body
