"""When a game ends a worker draws its animations (the whole board's and each
power's), so nobody opening the replay waits for every frame to be drawn."""

from __future__ import annotations

import pytest
from django.urls import reverse

from fogdip.queues import PICTURES, TASK_QUEUES
from games import actions, maps_adapter
from games.animations import draw_animations
from games.models import Game
from games.tests.watch.finished import running_game
from games.tests.web.conftest import Personas


def ended(people: Personas, capture) -> Game:
    game = running_game(people)
    with capture(execute=True):
        actions.end_game(game, people.gm, "Stopped")
    game.refresh_from_db()
    return game


def no_drawing(*args: object) -> bytes:
    raise AssertionError("the animation was drawn in the request")


def test_the_end_draws_every_animation_before_anyone_asks(
    people: Personas, django_capture_on_commit_callbacks, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ended(people, django_capture_on_commit_callbacks)  # eager: the task ran
    monkeypatch.setattr(maps_adapter, "animate", no_drawing)
    url = reverse("game_animation", args=[game.pk])
    for query in ("", "?power=ALL", "?power=TURKEY"):
        response = people.client("player").get(url + query)
        assert response.status_code == 200 and response.content.startswith(b"GIF89a")


def test_it_draws_nothing_for_a_game_still_running(
    people: Personas, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = running_game(people)
    monkeypatch.setattr(maps_adapter, "animate", no_drawing)
    assert draw_animations(game.pk) == 0


def test_running_it_twice_draws_once(
    people: Personas, django_capture_on_commit_callbacks, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ended(people, django_capture_on_commit_callbacks)
    monkeypatch.setattr(maps_adapter, "animate", no_drawing)
    assert draw_animations(game.pk) == game.records.values("power").distinct().count()


def test_it_runs_on_the_pictures_queue() -> None:
    assert TASK_QUEUES["games.tasks.draw_animations"] == PICTURES
