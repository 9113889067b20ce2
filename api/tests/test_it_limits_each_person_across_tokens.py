"""The API's rate limit counts per person, whatever the token: a new token is
no new budget. Past it the answer is 429, JSON, with Retry-After."""

from __future__ import annotations

import pytest

from api.tests.conftest import api_for
from fogdip.env import Rate
from games.tests.web.conftest import Personas


@pytest.fixture
def three_a_minute(settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": Rate(3, 60)}


def test_a_new_token_starts_no_new_budget(people: Personas, three_a_minute) -> None:
    first, second = api_for(people.player), api_for(people.player, scope="read")
    assert [first.get("/games").status_code for _ in range(2)] == [200, 200]
    assert second.get("/games").status_code == 200
    third = api_for(people.player)
    assert third.get("/games").status_code == 429
    assert first.get("/games").status_code == 429


def test_the_refusal_says_when_to_come_back(people: Personas, three_a_minute) -> None:
    api = api_for(people.player)
    for _ in range(3):
        api.get("/games")
    answer = api.get("/games")
    assert answer.status_code == 429
    assert 1 <= int(answer["Retry-After"]) <= 60
    assert "Too many API requests" in answer.json()["detail"]


def test_another_persons_budget_is_their_own(people: Personas, three_a_minute) -> None:
    mine = api_for(people.player)
    for _ in range(4):
        mine.get("/games")
    assert api_for(people.other).get("/games").status_code == 200


def test_the_schema_declares_retry_after_on_every_429(people: Personas) -> None:
    schema = api_for(people.player).get("/openapi.json").json()
    limited = [
        answer
        for operations in schema["paths"].values()
        for operation in operations.values()
        for status, answer in operation["responses"].items()
        if status == "429"
    ]
    assert limited and all("Retry-After" in answer.get("headers", {}) for answer in limited)
