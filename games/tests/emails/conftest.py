"""A started game with seven players, each with an email address."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User

from fogdip.celery import app as celery_app
from games import actions
from games.models import Game, Phase
from tests.fixtures import confirmed_user

# A results email's context, for tests about mail rather than about games.
RESULTS_CONTEXT = {
    "game_name": "Fogbound",
    "power_name": "Germany",
    "phase_label": "Spring 1901",
    "lines": ["A Mun H (succeeds)"],
    "messages": [],
}
POWERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


def make_game(preset: str = "dc2005", suffix: str = "") -> tuple[Game, User, dict[str, User]]:
    """Usernames take the suffix, so one test can make two games; addresses do not."""
    master = confirmed_user(f"gm{suffix}", "gm@example.org")
    game = actions.create_game(master, name="Fogbound", preset=preset, start_year=1901)
    players = {}
    for name in POWERS:
        user = confirmed_user(f"{name}{suffix}", f"{name}@example.org")
        actions.join(game, user, [name.upper()])
        players[name.upper()] = user
    actions.assign_powers(game, master, by_preference=True)
    actions.start_game(game, master)
    game.refresh_from_db()
    return game, master, players


@pytest.fixture(autouse=True)
def eager_celery() -> Iterator[None]:
    """The outbox sweep queues one send task per row; here each runs at once, as a worker would."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture
def started_game(db):
    return make_game()


@pytest.fixture
def first_phase(started_game) -> Phase:
    game, _, _ = started_game
    return game.phases.get(ordinal=1)
