"""The web tests' personas, and a started dc2005 game with tokens to call the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from api.tokens import create_api_token
from games.tests.web.conftest import (
    Personas,
    eager_celery,
    fast_passwords,
    forming_game,
    game,
    people,
    start,
)

__all__ = ["eager_celery", "fast_passwords", "game", "people"]


class Api:
    """A program's view of the site: plain requests with a bearer token, no session."""

    def __init__(self, secret: str | None) -> None:
        self.client = Client()
        self.headers = {"Authorization": f"Bearer {secret}"} if secret else {}

    def get(self, path: str) -> Any:
        return self.client.get(f"/api/v1{path}", headers=self.headers)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.client.post(
            f"/api/v1{path}", body, content_type="application/json", headers=self.headers
        )


def api_for(user: Any, scope: str = "play", game: Any = None) -> Api:
    return Api(create_api_token(user, "my bot", scope, game).secret)


@pytest.fixture
def fog_game(people: Personas) -> Any:
    game = forming_game(people, preset="dc2005")
    start(game, people)
    return game
