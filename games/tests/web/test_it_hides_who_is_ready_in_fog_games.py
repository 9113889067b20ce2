"""In fog games nothing a player receives tells who else has ordered or is
ready (ruling 4, docs/rulings.md); only the game master sees it."""

from __future__ import annotations

import re

from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas, open_phase

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def player_page(people: Personas, game: Game) -> str:
    html = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    return CSRF.sub("", html)


def test_it_gives_the_same_bytes_whatever_others_do(people: Personas, fog_game: Game) -> None:
    before = player_page(people, fog_game)
    phase = open_phase(fog_game)
    actions.submit_orders(phase, people.other, "GERMANY", ["A Mun - Bur"])
    actions.set_ready(phase, people.other, "GERMANY", True)
    assert player_page(people, fog_game) == before


def test_it_shows_the_game_master_who_is_ready(people: Personas, fog_game: Game) -> None:
    phase = open_phase(fog_game)
    actions.set_ready(phase, people.other, "GERMANY", True)
    html = people.client("gm").get(reverse("console", args=[fog_game.pk])).content.decode()
    assert (
        '<th>Germany</th><td><span class="muted">no orders</span></td><td><span class="ok">ready'
        in html
    )


def test_it_shows_who_is_ready_in_standard_games(people: Personas, game: Game) -> None:
    actions.set_ready(open_phase(game), people.other, "GERMANY", True)
    assert "Who has ordered" in player_page(people, game)
