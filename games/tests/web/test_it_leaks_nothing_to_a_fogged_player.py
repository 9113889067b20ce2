"""Ruling 1 (docs/rulings.md) at the web layer: change what France may not know
(Turkey's orders, far away) and nothing France receives changes."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from django.urls import reverse

from games import actions
from games.models import Game, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
FAR_AWAY = {"hold": ["F Ank H", "A Con H", "A Smy H"], "move": ["F Ank - Bla", "A Smy - Arm"]}


def play_spring(people: Personas, turkey_orders: list[str]) -> Game:
    game = forming_game(people, preset="dc2005")
    start(game, people)
    phase = open_phase(game)
    actions.submit_orders(phase, people.player, "FRANCE", ["A Par - Bur", "A Mar - Spa"])
    actions.submit_orders_for_power(phase, people.gm, "TURKEY", turkey_orders)
    pass_deadline(phase)
    sweep_deadlines()
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=datetime(2030, 1, 1, tzinfo=UTC))
    return game


def received(people: Personas, game: Game) -> list[bytes]:
    client = people.client("player")
    urls = [
        reverse("game", args=[game.pk]),
        reverse("game_history", args=[game.pk]),
        reverse("game_history_phase", args=[game.pk, 1]),
        reverse("game_map_latest", args=[game.pk]),
    ]
    pages = [client.get(url).content for url in urls]
    return [
        CSRF.sub("", page.decode(errors="replace"))
        .replace(f"/games/{game.pk}/", "/games/N/")
        .encode()
        for page in pages
    ]


def test_it_gives_france_the_same_bytes_whatever_turkey_does(people: Personas) -> None:
    holding = received(people, play_spring(people, FAR_AWAY["hold"]))
    moving = received(people, play_spring(people, FAR_AWAY["move"]))
    assert holding == moving


def test_it_shows_the_game_master_the_difference(people: Personas) -> None:
    holding = play_spring(people, FAR_AWAY["hold"])
    moving = play_spring(people, FAR_AWAY["move"])
    gm = people.client("gm")
    assert b"F BLA" not in gm.get(reverse("console", args=[holding.pk])).content
    assert b"F BLA" in gm.get(reverse("console", args=[moving.pk])).content
