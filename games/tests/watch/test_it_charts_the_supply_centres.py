"""The supply-centre chart: each power's count over the game, from the true
records, only after the end and only when the fog lifts."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.watch.finished import finished_game, running_game
from games.tests.web.conftest import Personas


def chart(people: Personas, who: str, game: Game) -> tuple[int, str]:
    response = people.client(who).get(reverse("game_centre_chart", args=[game.pk]))
    return response.status_code, response.content.decode()


def test_it_charts_each_powers_centres_from_the_true_board(people: Personas) -> None:
    game = finished_game(people)
    status, svg = chart(people, "player", game)
    assert status == 200 and svg.startswith("<svg")
    # France stood in Portugal at the end of 1901 (Spain it left in the fall).
    assert "<title>France: 4</title>" in svg and "<title>Austria: 3</title>" in svg
    assert ">start<" in svg and ">1901<" in svg


def test_it_is_no_picture_a_browser_would_run(people: Personas) -> None:
    _, svg = chart(people, "player", finished_game(people))
    assert "<script" not in svg and "href" not in svg and "style" not in svg


def test_it_refuses_the_chart_before_the_end(people: Personas) -> None:
    game = running_game(people, spectators_allowed=True)
    assert [chart(people, who, game)[0] for who in ("player", "stranger", "gm")] == [404] * 3


def test_it_refuses_the_chart_when_the_fog_stays(people: Personas) -> None:
    game = finished_game(people)
    actions.set_unfog_when_finished(game, people.gm, False)
    assert chart(people, "player", game)[0] == 404
    assert chart(people, "gm", game)[0] == 200
