"""An order sheet holds at most MAX_LINES lines of at most MAX_LINE_CHARS
each (games/order_entry/bounds.py), refused whole before a line is read, on
every road: the web form, its live check, the game master's orders for a
power, and the action itself (which email and the API reach). A sheet of
100,000 lines cost seconds of CPU and came back whole, line by line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse

from games import actions
from games.models import Game, OrderSheet
from games.order_entry import PlayerInput
from games.order_entry.bounds import MAX_LINES
from games.tests.web.conftest import Personas, open_phase

TOO_MANY = "\n".join(["A Par - Bur"] * (MAX_LINES + 1))
LONG_LINE = "A Par - Bur" + " " * 300 + "H"


def saved(game: Game, power: str = "FRANCE") -> bool:
    return OrderSheet.objects.filter(phase__game=game, power=power).exists()


def post_orders(people: Personas, game: Game, typed: str) -> str:
    url = reverse("game_orders", args=[game.pk])
    data = {"phase": open_phase(game).name, "typed": typed}
    page = people.client("player").post(url, data)
    assert page.status_code == 200
    return page.content.decode()


def test_the_form_refuses_too_many_lines(people: Personas, game: Game) -> None:
    page = post_orders(people, game, TOO_MANY)
    assert f"at most {MAX_LINES} lines are read" in page
    assert not saved(game)


def test_the_form_refuses_a_line_too_long(people: Personas, game: Game) -> None:
    page = post_orders(people, game, LONG_LINE)
    assert "at most 200 characters" in page
    assert not saved(game)


def test_the_form_echoes_a_bounded_box(people: Personas, game: Game) -> None:
    """Two megabytes typed: refused, and not sent back whole in the box."""
    page = post_orders(people, game, "A Par - Bur\n" * 170_000)
    assert "are read here" in page
    assert len(page) < 200_000
    assert not saved(game)


def test_the_form_still_takes_a_whole_sheet(people: Personas, game: Game) -> None:
    url = reverse("game_orders", args=[game.pk])
    data = {"phase": open_phase(game).name, "typed": "A Par - Bur\n\n\nA Mar H"}
    assert people.client("player").post(url, data).status_code == 302
    assert saved(game)


def check(people: Personas, url: str, text: str, who: str = "player") -> Any:
    body = json.dumps({"text": text})
    return people.client(who).post(url, body, content_type="application/json")


@pytest.mark.parametrize(
    "text", ["A Par - Bur\n" * 200_000, LONG_LINE, "A Par - Bur\x00"], ids=["many", "long", "nul"]
)
def test_the_live_check_refuses_before_reading(people: Personas, game: Game, text: str) -> None:
    answer = check(people, reverse("game_orders_check", args=[game.pk]), text)
    assert answer.status_code == 400
    assert "Not read" in answer.json()["error"] or "lines are read" in answer.json()["error"]


def test_the_game_masters_check_refuses_too(people: Personas, game: Game) -> None:
    url = reverse("console_orders_check", args=[game.pk]) + "?power=FRANCE"
    answer = check(people, url, TOO_MANY, who="gm")
    assert answer.status_code == 400 and "lines are read" in answer.json()["error"]


def test_the_game_masters_form_refuses_too_many_lines(people: Personas, game: Game) -> None:
    url = reverse("console_orders", args=[game.pk])
    data = {"power": "FRANCE", "phase": open_phase(game).name, "typed": TOO_MANY}
    page = people.client("gm").post(url, data)
    assert page.status_code == 400
    assert f"at most {MAX_LINES} lines are read" in page.content.decode()
    assert not saved(game)


@pytest.mark.parametrize(
    "given",
    [
        PlayerInput(lines=("A Par H",) * (MAX_LINES + 1)),
        PlayerInput(lines=(LONG_LINE,)),
        PlayerInput(lines=("A Par H",), retreat_lists={"A PAR": "Bur, " * 200}),
        PlayerInput(lines=("A Par H\x00",)),
    ],
    ids=["many", "long", "long list", "nul"],
)
def test_the_action_refuses_before_reading(people: Personas, game: Game, given) -> None:
    """Email and the API reach the same action: it checks again."""
    with pytest.raises(actions.ActionError, match="Nothing was saved"):
        actions.submit_orders(open_phase(game), people.player, "FRANCE", given)
    assert not saved(game)
