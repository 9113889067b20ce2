"""Each player's history: their own reports, every phase; unfogged at the end."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, open_phase, pass_deadline


def play_spring(people: Personas, game: Game) -> None:
    actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Par - Bur"])
    pass_deadline(open_phase(game))
    sweep_deadlines()


def test_it_lists_the_players_own_reports(people: Personas, fog_game: Game) -> None:
    play_spring(people, fog_game)
    html = people.client("player").get(reverse("game_history", args=[fog_game.pk])).content
    assert (
        b"Spring 1901 movement" in html and b"A Par - Bur" in html and b"Opening position" in html
    )


def test_it_shows_a_past_phase_with_its_map(people: Personas, fog_game: Game) -> None:
    play_spring(people, fog_game)
    url = reverse("game_history_phase", args=[fog_game.pk, 1])
    html = people.client("player").get(url).content.decode()
    assert "A Par - Bur" in html
    assert f"/games/{fog_game.pk}/map/1.png?power=FRANCE" in html


def test_it_unfogs_the_history_at_the_end(people: Personas, fog_game: Game) -> None:
    play_spring(people, fog_game)
    actions.end_game(fog_game, people.gm)
    url = reverse("game_history", args=[fog_game.pk]) + "?power=ALL"
    response = people.client("other").get(url)
    assert response.status_code == 200
    assert b"A Par - Bur" in response.content
