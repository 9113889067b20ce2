"""At the end, when the game master allows it, every power's view opens to
whoever may see the game: members and spectators; before that, or when the
game master keeps the fog, only one's own."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas, forming_game, start


def fog_game(people: Personas, ended: bool, unfog: bool = True) -> Game:
    game = forming_game(people, preset="dc2005", spectators_allowed=True)
    start(game, people)
    actions.set_unfog_when_finished(game, people.gm, unfog)
    if ended:
        actions.end_game(game, people.gm)
    return game


def status(people: Personas, who: str, game: Game, power: str) -> int:
    url = reverse("game_history", args=[game.pk]) + f"?power={power}"
    return int(people.client(who).get(url).status_code)


def test_it_shows_a_player_another_powers_view_after_the_end(people: Personas) -> None:
    game = fog_game(people, ended=True)
    assert status(people, "player", game, "GERMANY") == 200
    assert status(people, "stranger", game, "GERMANY") == 200
    assert status(people, "stranger", game, "ALL") == 200


def test_it_keeps_other_views_closed_while_the_game_runs(people: Personas) -> None:
    game = fog_game(people, ended=False)
    assert status(people, "player", game, "GERMANY") == 404
    assert status(people, "player", game, "ALL") == 404


def test_it_keeps_them_closed_when_the_game_master_keeps_the_fog(people: Personas) -> None:
    game = fog_game(people, ended=True, unfog=False)
    assert status(people, "player", game, "GERMANY") == 404
    assert status(people, "stranger", game, "ALL") == 404


def test_it_refuses_a_power_not_on_the_board(people: Personas) -> None:
    game = fog_game(people, ended=True)
    assert status(people, "player", game, "ATLANTIS") == 404
