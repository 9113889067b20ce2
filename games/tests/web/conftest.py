"""Personas for the web tests: the game master, the power's player (France),
another player (Germany), an observer (a replaced player), a stranger, and
nobody signed in; and a started game they share."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from fogdip.celery import app as celery_app
from games import actions
from games.models import Game, Phase
from tests.fixtures import confirmed_user

PASSWORD = "a-long-test-password"


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def eager_celery() -> Iterator[None]:
    """Tasks enqueued on commit run at once, in the test's process."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def make_user(name: str) -> Any:
    """A person who signed up and confirmed their address."""
    return confirmed_user(name, f"{name}@example.com", PASSWORD)


def client_for(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


class Personas:
    def __init__(self) -> None:
        self.gm = make_user("gm")
        self.player = make_user("france")
        self.other = make_user("germany")
        self.observer = make_user("watcher")
        self.stranger = make_user("stranger")

    def client(self, name: str) -> Client:
        return client_for(getattr(self, name) if name != "anonymous" else None)


@pytest.fixture
def people(db: None) -> Personas:
    return Personas()


def forming_game(people: Personas, preset: str = "standard", **fields: Any) -> Game:
    defaults = {"name": "Test game", "preset": preset, "start_year": 1901, **fields}
    game = actions.create_game(people.gm, **defaults)
    actions.join(game, people.player, ["FRANCE"])
    actions.join(game, people.other, ["GERMANY"])
    actions.assign_powers(game, people.gm, by_preference=True)
    return game


def start(game: Game, people: Personas) -> Phase:
    phase = actions.start_game(game, people.gm)
    game.refresh_from_db()
    return phase


@pytest.fixture
def game(people: Personas) -> Game:
    """A standard game under way: France and Germany seated, the watcher an observer."""
    game = forming_game(people)
    start(game, people)
    watcher_seat = actions.replace_player(
        game, people.gm, game.seats.get(power="GERMANY"), people.observer
    )
    actions.replace_player(game, people.gm, watcher_seat, people.other)
    return game


@pytest.fixture
def fog_game(people: Personas) -> Game:
    game = forming_game(people, preset="dc2005")
    start(game, people)
    return game


def open_phase(game: Game) -> Phase:
    return game.phases.get(status=Phase.Status.OPEN)


def pass_deadline(phase: Phase) -> None:
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
