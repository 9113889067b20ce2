"""The game master enters or changes a power's orders on the console: logged,
kept as typed for the next change, and never shown to anyone as such.

Ruling (docs/lifecycle.md, "Game-master tools"): the power's own player sees
the orders as they stand, with no mark of who typed them, like every other
player; only the game log says the game master entered them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.models import Game, OrderSheet, Phase
from tests.web.conftest import Personas, forming_game, open_phase, start
from tests.web.test_it_leaks_nothing_to_a_fogged_player import received


def order_for(people: Personas, game: Game, power: str, typed: str):
    url = reverse("console_orders", args=[game.pk])
    return people.client("gm").post(url, {"power": power, "typed": typed})


def test_it_saves_the_orders_and_logs_them(people: Personas, game: Game) -> None:
    response = order_for(people, game, "FRANCE", "A Par - Bur\nA Mar - Spa")
    assert response.status_code == 302
    sheet = OrderSheet.objects.get(phase=open_phase(game), power="FRANCE")
    assert sheet.parsed == ["A PAR - BUR", "A MAR - SPA"]
    entry = game.log.get(action="orders for power")
    assert entry.actor == people.gm and entry.detail == "FRANCE in S1901M"


def test_it_shows_the_saved_orders_as_typed_for_the_next_change(
    people: Personas, game: Game
) -> None:
    order_for(people, game, "FRANCE", "A Par - Bur")
    url = reverse("console_orders", args=[game.pk]) + "?power=FRANCE"
    html = people.client("gm").get(url).content.decode()
    assert "A Par - Bur</textarea>" in html


def test_it_keeps_what_was_typed_when_a_line_is_wrong(people: Personas, game: Game) -> None:
    response = order_for(people, game, "FRANCE", "A Par - Bur\nA Lon - Wal")
    html = response.content.decode()
    assert response.status_code == 400
    assert "A Par - Bur\nA Lon - Wal</textarea>" in html
    assert "nothing was saved" in html
    assert not OrderSheet.objects.filter(phase=open_phase(game), power="FRANCE").exists()


def test_it_refuses_anyone_but_the_game_master(people: Personas, game: Game) -> None:
    url = reverse("console_orders", args=[game.pk])
    response = people.client("player").post(url, {"power": "GERMANY", "typed": "A Mun H"})
    assert response.status_code == 403
    assert not OrderSheet.objects.filter(power="GERMANY").exists()


def test_it_refuses_orders_once_the_game_has_ended(people: Personas, game: Game) -> None:
    actions.end_game(game, people.gm)
    response = order_for(people, game, "FRANCE", "A Par - Bur")
    assert response.status_code == 400
    assert "not running" in response.content.decode()


class Seen:
    """One persona's view, for received(): it asks for the "player" client."""

    def __init__(self, people: Personas, name: str) -> None:
        self.people, self.name = people, name

    def client(self, _: str) -> Client:
        return self.people.client(self.name)


def ordered_by(people: Personas, who: str) -> Game:
    """A fogged game where France's orders were given by its player or the game master."""
    game = forming_game(people, "dc2005")
    start(game, people)
    Phase.objects.filter(game=game).update(deadline=datetime(2030, 1, 1, tzinfo=UTC))
    if who == "gm":
        order_for(people, game, "FRANCE", "A Par - Bur")
    else:
        actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Par - Bur"])
    return game


@pytest.mark.parametrize("name", ["player", "other"])
def test_no_player_can_tell_who_gave_the_orders(people: Personas, name: str) -> None:
    by_player, by_gm = ordered_by(people, "player"), ordered_by(people, "gm")
    seen = Seen(people, name)
    assert received(seen, by_player) == received(seen, by_gm)  # type: ignore[arg-type]
    if name == "player":
        page = people.client("player").get(reverse("game", args=[by_gm.pk])).content.decode()
        assert 'value="A PAR - BUR" selected' in page
