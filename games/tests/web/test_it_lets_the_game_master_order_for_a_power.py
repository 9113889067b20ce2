"""The game master enters or changes a power's orders on the console: logged,
kept as typed for the next change, and never shown to anyone as such.

Ruling (docs/lifecycle.md, "Game-master tools"): the power's own player sees
the orders as they stand, with no mark of who typed them, like every other
player; only the game log says the game master entered them."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.models import Game, OrderSheet, Phase
from games.tests.web.conftest import Personas, forming_game, open_phase, start
from games.tests.web.test_it_leaks_nothing_to_a_fogged_player import received


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


def orders_page(people: Personas, game: Game, power: str) -> str:
    url = reverse("console_orders", args=[game.pk]) + f"?power={power}"
    return unescape(people.client("gm").get(url).content.decode())


def test_it_shows_the_saved_orders_in_the_powers_menus_for_the_next_change(
    people: Personas, game: Game
) -> None:
    order_for(people, game, "FRANCE", "A Par - Bur\nF Bre - Mao")
    html = orders_page(people, game, "FRANCE")
    assert 'value="A PAR - BUR" selected' in html
    assert 'value="F BRE - MAO" selected' in html


def test_it_offers_one_power_with_that_powers_own_menus(people: Personas, game: Game) -> None:
    html = orders_page(people, game, "GERMANY")
    assert re.findall(r'<option value="(\w+)" selected>', html) == ["GERMANY"]
    assert '<input type="hidden" name="power" value="GERMANY">' in html
    assert html.count("<textarea") == 1  # one sheet, not a box per power
    assert "Army in Munich" in html and "Fleet in Kiel" in html
    assert "Army in Paris" not in html
    assert 'value="A MUN S A BER - KIE"' in html  # the same support menus as a player's
    assert 'id="orders-form"' in html and "js/orders" in html and "js/map_orders" in html


def test_it_saves_a_menu_pick_for_the_power(people: Personas, game: Game) -> None:
    html = orders_page(people, game, "FRANCE")
    row = menu_offering(html, "A PAR - PIC")
    url = reverse("console_orders", args=[game.pk])
    data = {"power": "FRANCE", "phase": "S1901M", row: "A PAR - PIC", "typed": "F Bre - Eng"}
    assert people.client("gm").post(url, data).status_code == 302
    sheet = OrderSheet.objects.get(phase=open_phase(game), power="FRANCE")
    assert sorted(sheet.parsed) == ["A PAR - PIC", "F BRE - ENG"]


def menu_offering(html: str, order: str) -> str:
    """The name of the menu that offers ``order``."""
    for name, options in re.findall(r'<select name="(row_\d+)"[^>]*>(.*?)</select>', html, re.S):
        if f'value="{order}"' in options:
            return name
    raise AssertionError(f"no menu offers {order}")


def check(people: Personas, game: Game, power: str, text: str) -> tuple[int, dict]:
    url = reverse("console_orders_check", args=[game.pk]) + f"?power={power}"
    body = json.dumps({"text": text})
    response = people.client("gm").post(url, body, content_type="application/json")
    return response.status_code, response.json()


def test_the_live_check_reads_the_chosen_powers_own_units(people: Personas, game: Game) -> None:
    status, answer = check(people, game, "FRANCE", "A Par - Bur\nA Mun - Ruh")
    assert status == 200
    paris, munich = answer["lines"]
    assert paris["ok"] and paris["order"] == "A PAR - BUR"
    assert not munich["ok"] and "you have no unit there" in munich["error"]
    status, answer = check(people, game, "GERMANY", "A Mun - Ruh")
    assert answer["lines"][0]["ok"]


def test_the_live_check_names_a_missing_power(people: Personas, game: Game) -> None:
    status, answer = check(people, game, "NOBODY", "A Par - Bur")
    assert status == 400 and answer["error"] == "Choose one of the game's powers."


def test_it_refuses_a_post_naming_no_power_keeping_the_lines(people: Personas, game: Game) -> None:
    url = reverse("console_orders", args=[game.pk])
    response = people.client("gm").post(url, {"power": "NOBODY", "typed": "A Par - Bur"})
    html = unescape(response.content.decode())
    assert response.status_code == 400
    assert "Choose one of the game's powers. Nothing was saved" in html
    assert "A Par - Bur</textarea>" in html
    assert not OrderSheet.objects.exists()


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
