"""A small battle set up through the game master's console, for the battle web tests."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from battles.models import Battle
from games.tests.web.conftest import PASSWORD, client_for, eager_celery, fast_passwords, make_user

__all__ = ["PASSWORD", "eager_celery", "fast_passwords"]


class Cast:
    def __init__(self) -> None:
        self.gm = make_user("gm")
        self.red = make_user("red")
        self.blue = make_user("blue")
        self.stranger = make_user("stranger")

    def client(self, name: str) -> Client:
        return client_for(getattr(self, name))


@pytest.fixture
def cast(db: None) -> Cast:
    return Cast()


def post(cast: Cast, who: str, name: str, battle: Battle | None, data: dict[str, Any]) -> Any:
    url = reverse(name, args=[battle.pk] if battle else [])
    return cast.client(who).post(url, data, follow=True)


def set_up(cast: Cast, *, sight: int | str = "", tokens: list[dict[str, Any]]) -> Battle:
    """Create, place and assign through the console's forms, as the game master would."""
    post(cast, "gm", "battle_create", None, {
        "name": "Skirmish at the ford", "width": 8, "height": 6, "sides": "Red, Blue",
        "sight": sight, "turn_length": "24h",
    })  # fmt: skip
    battle = Battle.objects.get()
    post(cast, "gm", "battle_terrain", battle, {"terrain": "trees h6\nhill a1"})
    for token in tokens:
        response = post(cast, "gm", "battle_token", battle, token)
        assert response.status_code == 200, response.content.decode()[:2000]
    post(cast, "gm", "battle_side", battle, {"side": "Red", "player": "red"})
    post(cast, "gm", "battle_side", battle, {"side": "Blue", "player": "blue"})
    return battle


def infantry(name: str, side: str, at: str) -> dict[str, Any]:
    return {"template": "Infantry", "name": name, "side": side, "at": at}
