"""Numbers in a path beyond what a column holds (found by bench/fuzz.py, seed
1:27): the API's /records/<ordinal> with 10**25 or 2**63 raised OverflowError
on SQLite (PostgreSQL refuses such an integer too) and answered 500, because
a prepared query sent the number to the database as it was. Django compiles
a comparison beyond the column's range to no rows; a prepared query now
does what its queryset would. Each such page is simply not found."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from api.tokens import create_api_token
from games.access import game_by_id
from tests.access.world import build_world

HUGE = [2**31, 2**63, 10**25, -(2**31) - 1]


@pytest.mark.django_db
@pytest.mark.parametrize("number", HUGE)
def test_a_prepared_query_finds_nothing_beyond_the_columns_range(number: int) -> None:
    assert game_by_id.first(game_id=number) is None


@pytest.mark.django_db
def test_the_api_says_no_such_record_for_a_huge_ordinal() -> None:
    world = build_world()
    secret = create_api_token(world.users["own_player"], "t", "read").secret
    headers = {"Authorization": f"Bearer {secret}"}
    for number in HUGE[:3]:
        url = reverse("api-v1:my_record_at", args=[world.game.pk, number])
        response = Client().get(url, headers=headers)
        assert response.status_code == 404, (number, response.content[:200])
        assert json.loads(response.content)["detail"]
    huge_game = reverse("api-v1:game_detail", args=[10**20])
    assert Client().get(huge_game, headers=headers).status_code == 404


@pytest.mark.django_db
def test_the_history_and_map_pages_say_not_found_for_a_huge_ordinal() -> None:
    world = build_world()
    client = world.client("own_player")
    for name in ("game_history_phase", "game_map"):
        for number in HUGE[:3]:
            response = client.get(reverse(name, args=[world.game.pk, number]))
            assert response.status_code == 404, (name, number)


@pytest.mark.django_db
def test_an_ordinary_ordinal_is_still_found() -> None:
    world = build_world()
    client = world.client("own_player")
    assert client.get(reverse("game_history_phase", args=[world.game.pk, 0])).status_code == 200
