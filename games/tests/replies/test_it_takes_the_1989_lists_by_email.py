"""Under the 1989 rules (reynolds1989) the retreat and adjustment lists go
with the movement orders; by email they are RETREATS and ADJUST lines, read
by the same order entry as the web form."""

from __future__ import annotations

import pytest

from games.models import OrderSheet
from games.tests.emails.conftest import make_game
from games.tests.replies.conftest import answers_to, seat_address, send


@pytest.fixture
def game_1989(db):
    game, _, _ = make_game("reynolds1989")
    return game


def test_it_saves_a_retreat_list_with_its_condition(game_1989):
    body = "F Lon - Nth\nRETREATS F Edi: Yorkshire if Lvp empty, Clyde\nA Lvp H"
    send(body, "england@example.org", seat_address(game_1989, "ENGLAND"))
    sheet = OrderSheet.objects.get(phase__game=game_1989, power="ENGLAND")
    assert sheet.extras["retreat_lists"] == {"F EDI": ["YOR IF LVP EMPTY", "CLY"]}
    answer = answers_to("england@example.org")[0].body
    assert "   If F EDI is dislodged: YOR IF LVP EMPTY, CLY" in answer


def test_an_adjustment_line_keeps_its_condition(game_1989):
    body = "F Lon H\nADJUST F Lon B if Nth occupied"
    send(body, "england@example.org", seat_address(game_1989, "ENGLAND"))
    sheet = OrderSheet.objects.get(phase__game=game_1989, power="ENGLAND")
    assert sheet.extras["adjustment_lists"] == ["F LON B IF NTH OCCUPIED"]


def test_a_list_entry_that_is_not_a_province_is_named(game_1989):
    body = "F Lon H\nRETREATS F Edi: Atlantis, Cly"
    send(body, "england@example.org", seat_address(game_1989, "ENGLAND"))
    sheet = OrderSheet.objects.get(phase__game=game_1989, power="ENGLAND")
    assert "retreat_lists" not in sheet.extras or not sheet.extras["retreat_lists"]
    answer = answers_to("england@example.org")[0].body
    assert 'NOT DONE: could not read "Atlantis": not a province' in answer
