"""A JSON API body of 100,000 unknown fields (found by bench/cost_fuzz.py: 1.4 s
of CPU for one 1.4 MB post): pydantic made an error for every field and the
API kept 20 of them. Past 20 unknown fields the body is refused as one
problem, before any is made."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.access.world import build_world
from tests.fuzz.api import api_routes, bearer


@pytest.mark.django_db
def test_a_body_of_many_fields_is_one_problem() -> None:
    world = build_world()
    route = next(r for r in api_routes() if r.name == "api-v1:open_seat")
    body = json.dumps({"power": "FRANCE", **{f"k{n}": n for n in range(100_000)}})
    answer = Client().post(
        route.url(world.url_values("game_master")),
        body,
        content_type="application/json",
        headers=bearer(world)["game_master"],
    )
    assert answer.status_code == 422
    [problem] = answer.json()["detail"]
    assert problem["msg"] == "The body has 100001 fields; this route reads at most 1"


@pytest.mark.django_db
def test_a_few_unknown_fields_are_still_named_one_by_one() -> None:
    world = build_world()
    route = next(r for r in api_routes() if r.name == "api-v1:open_seat")
    body = json.dumps({"power": "FRANCE", "colour": "red", "size": 3})
    answer = Client().post(
        route.url(world.url_values("game_master")),
        body,
        content_type="application/json",
        headers=bearer(world)["game_master"],
    )
    assert answer.status_code == 422
    assert {p["loc"][-1] for p in answer.json()["detail"]} == {"colour", "size"}
