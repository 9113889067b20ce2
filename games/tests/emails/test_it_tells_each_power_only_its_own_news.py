"""Results email: each power's message is made from its own record, and nothing else.

For every preset, England's results email (text, HTML and the map) is the
same whether or not Turkey moves a unit far from anything England can see;
and every report line it holds is one of England's own record.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.utils import timezone

from adjudication.fog import FOG_PRESETS, PRESETS
from games import actions
from games.access import access_game, access_record_at
from games.actions import processing
from games.emails import batch, content
from games.emails.pictures import map_png
from games.gateway import powers
from games.tests.emails.conftest import make_game
from postoffice.mime import named_files
from postoffice.models import OutboxMessage
from postoffice.tasks import sweep_outbox

POWERS = powers("standard")  # the standard board's, as these games play

TURKISH_MOVE = {"saari1898": "A ANK - ARM"}


def play_first_phase(preset: str, turkey_moves: bool):
    game, _, players = make_game(preset, suffix="-busy" if turkey_moves else "")
    phase = game.phases.get(ordinal=1)
    if turkey_moves:
        move = TURKISH_MOVE.get(preset, "A SMY - ARM")
        actions.submit_orders(phase, players["TURKEY"], "TURKEY", [move])
    assert actions.claim_phase_now(phase)
    actions.adjudicate_phase(phase.pk)
    phase.refresh_from_db()
    assert phase.status == "done", phase.failure_reason
    return game, phase, players


def english_results(game) -> mail.EmailMessage:
    mail.outbox = []
    sweep_outbox()
    sent = [m for m in mail.outbox if m.to == ["england@example.org"] and "results" in m.subject]
    assert len(sent) == 1
    return sent[0]


def attached_files(message) -> dict[str, bytes]:
    """Every named file, the map shown in the body among them."""
    return named_files(message)


def without_game_identity(text: str, game_id: int) -> str:
    return re.sub(rf"/games/{game_id}/", "/games/N/", text)


def without_game_identity_in(files: dict, game_id: int) -> dict:
    """The calendar file names its game (UID, link): the same in both games once unfolded."""
    ics = files.get("deadline.ics")
    if ics is not None:
        text = ics.decode() if isinstance(ics, bytes) else ics
        text = without_game_identity(text.replace("\r\n ", ""), game_id)
        files["deadline.ics"] = text.replace(f"game-{game_id}-", "game-N-")
    return files


def comparable(message, game_id: int) -> tuple:
    html = message.alternatives[0].content if message.alternatives else ""
    files = without_game_identity_in(attached_files(message), game_id)
    return (
        message.subject,
        without_game_identity(message.body, game_id),
        without_game_identity(html, game_id),
        files,
    )


@pytest.fixture
def frozen_clock(monkeypatch):
    """Both games run at the same instant, so their deadlines read the same."""
    instant = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: instant)


@pytest.mark.parametrize("preset", FOG_PRESETS)
def test_it_sends_the_same_bytes_whatever_is_hidden(preset, db, frozen_clock):
    quiet, _, _ = play_first_phase(preset, turkey_moves=False)
    first = comparable(english_results(quiet), quiet.pk)
    busy, _, _ = play_first_phase(preset, turkey_moves=True)
    second = comparable(english_results(busy), busy.pk)
    assert first == second


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_it_reports_only_lines_of_the_powers_own_record(preset, db):
    game, phase, players = play_first_phase(preset, turkey_moves=True)
    message = english_results(game)
    record = access_record_at(access_game(players["ENGLAND"], game.pk), phase.ordinal)
    for line in record["lines"] + record["messages"]:
        assert line in message.body
    assert attached_files(message)["map.png"] == map_png(record, game.name)


def test_it_queues_results_for_every_power_in_the_adjudicating_transaction(db):
    _, phase, _ = play_first_phase("dc2005", turkey_moves=False)
    rows = OutboxMessage.objects.filter(phase=phase, kind="results")
    assert sorted(rows.values_list("power", flat=True)) == list(POWERS)


def test_it_queues_nothing_when_the_adjudication_fails(db, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(processing, "_open_next", broken)
    game, _, _ = make_game("dc2005")
    phase = game.phases.get(ordinal=1)
    assert actions.claim_phase_now(phase)
    assert actions.adjudicate_phase(phase.pk).status == "failed"
    assert not OutboxMessage.objects.filter(kind="results").exists()


def test_it_would_notice_a_difference(db, frozen_clock):
    """The control: in standard play England does learn of Turkey's move."""
    quiet, _, _ = play_first_phase("standard", turkey_moves=False)
    first = comparable(english_results(quiet), quiet.pk)
    busy, _, _ = play_first_phase("standard", turkey_moves=True)
    assert comparable(english_results(busy), busy.pk) != first


def test_what_a_send_batch_makes_once_holds_nothing_of_a_power(db, monkeypatch):
    """A deadline's results go in one send task, which makes some parts once for
    all seven emails (games/emails/batch.py): none of them may name a power."""
    kept: list[tuple[object, object]] = []
    make_once = batch.once_a_batch

    def watched(key, make):
        value = make_once(key, make)
        kept.append((key, value))
        return value

    monkeypatch.setattr(batch, "once_a_batch", watched)
    monkeypatch.setattr(content, "once_a_batch", watched)
    play_first_phase("dc2005", turkey_moves=True)
    sweep_outbox()
    assert len(kept) >= 7 * 2, "the results were sent in a batch"
    for key, value in kept:
        said = f"{key!r} {vars(value) if hasattr(value, '__dict__') else value!r}"
        named = [power for power in POWERS if re.search(power, said, re.IGNORECASE)]
        assert named == [], f"{key!r} names {named}"
