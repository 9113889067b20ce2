"""A press block runs from its PRESS or BROADCAST line to END or ENDPRESS:
nothing inside it is ever read as orders, whatever its header says. njudge's
headers (PRESS GREY TO, PRESS without TO) map to the game's press rule; one
FogDip cannot honour (FAKE) refuses the whole block."""

from __future__ import annotations

import pytest

from games import actions
from games.models import Game, PressMessage
from games.tests.replies.clients import send_round_three
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, sheet_of

pytestmark = pytest.mark.django_db

SENDER = "england@example.org"


@pytest.fixture
def ordered(game, phase, game_and_players):
    """England's sheet before the email: its three opening orders."""
    actions.submit_orders(phase, game_and_players[2]["ENGLAND"], "ENGLAND", ENGLISH_OPENING)
    return phase


def answer() -> str:
    found = answers_to(SENDER)
    assert len(found) == 1
    return found[0].body


def test_grey_press_pasting_moves_sends_them_as_press_only(game, ordered, england):
    Game.objects.filter(pk=game.pk).update(press_mode="grey")
    assert send_round_three("outlook_grey_press_with_moves.eml", SENDER, england).outcome == (
        "accepted"
    )
    assert sorted(sheet_of(ordered, "ENGLAND")) == sorted(ENGLISH_OPENING)
    press = PressMessage.objects.get(game=game)
    assert press.shown_as == "ANONYMOUS"
    assert press.body == "Marie, my moves this turn:\nF Lon - Eng\nF Edi - Nth"
    assert [r.power for r in press.recipients.all()] == ["FRANCE"]


def test_grey_press_in_a_white_game_refuses_the_block_not_the_orders(game, ordered, england):
    send_round_three("outlook_grey_press_with_moves.eml", SENDER, england)
    assert not PressMessage.objects.exists()
    assert sorted(sheet_of(ordered, "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert "NOT DONE: White press (signed) does not let you send as Anonymous." in answer()


def test_press_without_to_names_its_receivers(game, ordered, england):
    send_round_three("gmail_press_without_to.eml", SENDER, england)
    press = PressMessage.objects.get(game=game)
    assert [r.power for r in press.recipients.all()] == ["FRANCE"]
    assert press.body.endswith("A Lvp - Wal\nF Lon - Eng")
    assert sorted(sheet_of(ordered, "ENGLAND")) == sorted(ENGLISH_OPENING)


def test_fake_press_is_refused_whole_and_read_as_nothing_else(game, ordered, england):
    send_round_three("thunderbird_fake_press.eml", SENDER, england)
    assert not PressMessage.objects.exists()
    assert sorted(sheet_of(ordered, "ENGLAND")) == sorted(ENGLISH_OPENING)
    body = answer()
    assert 'NOT DONE: could not use "FAKE"' in body
    assert "A LVP - WAL" not in body
