"""A phase ends as soon as every seated power says it is ready."""

from __future__ import annotations

from django.urls import reverse

from games.models import Game, Phase
from tests.web.conftest import Personas, open_phase


def ready(people: Personas, name: str, game: Game, on: bool = True):
    url = reverse("game_ready", args=[game.pk])
    return people.client(name).post(url, {"ready": "on" if on else "off"})


def test_it_waits_while_anyone_is_not_ready(people: Personas, game: Game) -> None:
    ready(people, "player", game)
    assert open_phase(game).name == "S1901M"
    assert "You are ready" in people.client("player").get(f"/games/{game.pk}/").content.decode()


def test_it_adjudicates_when_everyone_is_ready(
    people: Personas, fog_game: Game, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        ready(people, "player", fog_game)
        ready(people, "other", fog_game)
    assert fog_game.phases.get(name="S1901M").status == Phase.Status.DONE
    assert open_phase(fog_game).name == "S1901R"


def test_it_lets_a_player_take_ready_back(people: Personas, game: Game) -> None:
    ready(people, "player", game)
    ready(people, "player", game, on=False)
    ready(people, "other", game)
    assert open_phase(game).name == "S1901M"
