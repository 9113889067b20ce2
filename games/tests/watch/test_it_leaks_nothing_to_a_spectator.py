"""A spectator sees what an observer (a power with no units) may: change what
happens out of the observer's sight and nothing the spectator receives changes."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from django.urls import reverse

from games import actions
from games.models import Game, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
QUIET = {"FRANCE": ["A Par H", "A Mar H"], "TURKEY": ["F Ank H", "A Smy H"]}
BUSY = {"FRANCE": ["A Par - Bur", "A Mar - Spa"], "TURKEY": ["F Ank - Bla", "A Smy - Arm"]}


def watched_spring(people: Personas, orders: dict[str, list[str]]) -> Game:
    game = forming_game(people, preset="dc2005", spectators_allowed=True)
    start(game, people)
    phase = open_phase(game)
    for power, given in orders.items():
        actions.submit_orders_for_power(phase, people.gm, power, given)
    pass_deadline(phase)
    sweep_deadlines()
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=datetime(2030, 1, 1, tzinfo=UTC))
    return game


def received(people: Personas, game: Game) -> list[bytes]:
    client = people.client("stranger")
    urls = [
        reverse("game", args=[game.pk]),
        reverse("game_history", args=[game.pk]),
        reverse("game_history_phase", args=[game.pk, 1]),
        reverse("game_map_latest", args=[game.pk]),
        reverse("game_map", args=[game.pk, 1]),
    ]
    pages = [client.get(url) for url in urls]
    assert all(page.status_code == 200 for page in pages)
    return [
        CSRF.sub("", page.content.decode(errors="replace"))
        .replace(f"/games/{game.pk}/", "/games/N/")
        .encode(errors="surrogateescape")
        if page["Content-Type"].startswith("text/html")
        else page.content
        for page in pages
    ]


def test_it_gives_a_spectator_the_same_bytes_whatever_the_board_holds(
    people: Personas,
) -> None:
    assert received(people, watched_spring(people, QUIET)) == received(
        people, watched_spring(people, BUSY)
    )


def test_it_shows_the_game_master_the_difference(people: Personas) -> None:
    quiet, busy = watched_spring(people, QUIET), watched_spring(people, BUSY)
    gm = people.client("gm")
    assert b"A BUR" not in gm.get(reverse("console", args=[quiet.pk])).content
    assert b"A BUR" in gm.get(reverse("console", args=[busy.pk])).content
