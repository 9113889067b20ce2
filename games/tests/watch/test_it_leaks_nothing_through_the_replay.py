"""Nothing new that a player or spectator receives tells of what the fog
hides: the replay and the chart answer the same refusal before the end (and
when the fog stays), and one's own animation during the game is the same
bytes whatever happens out of sight."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.watch.finished import play
from games.tests.web.conftest import Personas, forming_game, start

FRANCE = ["A Par - Bur", "A Mar - Spa"]
OUT_OF_SIGHT = {"hold": ["F Ank H", "A Smy H"], "move": ["F Ank - Bla", "A Smy - Arm"]}


def spring(people: Personas, turkey: list[str]) -> Game:
    game = forming_game(people, preset="dc2005", spectators_allowed=True)
    start(game, people)
    play(people, game, {"FRANCE": FRANCE, "TURKEY": turkey})
    return game


def received(people: Personas, who: str, game: Game) -> list[tuple[int, bytes]]:
    client = people.client(who)
    urls = [
        reverse("game_animation", args=[game.pk]),
        reverse("game_replay", args=[game.pk]),
        reverse("game_centre_chart", args=[game.pk]),
    ]
    return [(response.status_code, response.content) for response in map(client.get, urls)]


def test_it_gives_a_player_the_same_bytes_whatever_turkey_does(people: Personas) -> None:
    holding = received(people, "player", spring(people, OUT_OF_SIGHT["hold"]))
    moving = received(people, "player", spring(people, OUT_OF_SIGHT["move"]))
    assert holding == moving
    assert [status for status, _ in holding] == [200, 404, 404]


def test_it_gives_a_spectator_the_same_bytes_whatever_the_board_holds(people: Personas) -> None:
    holding = received(people, "stranger", spring(people, OUT_OF_SIGHT["hold"]))
    moving = received(people, "stranger", spring(people, OUT_OF_SIGHT["move"]))
    assert holding == moving


def test_it_refuses_the_replay_as_if_it_did_not_exist(people: Personas) -> None:
    game = spring(people, OUT_OF_SIGHT["move"])
    missing = people.client("player").get(reverse("game_replay", args=[game.pk + 1000]))
    refused_before = received(people, "player", game)[1:]
    actions.end_game(game, people.gm)
    actions.set_unfog_when_finished(game, people.gm, False)
    refused_fogged = received(people, "player", game)[1:]
    assert refused_before == refused_fogged == [(404, missing.content)] * 2


def test_it_tells_the_game_master_the_difference(people: Personas) -> None:
    holding = received(people, "gm", spring(people, OUT_OF_SIGHT["hold"]))
    moving = received(people, "gm", spring(people, OUT_OF_SIGHT["move"]))
    assert holding[0] != moving[0]
