"""A seeded fuzz of every /api/v1/ route with play tokens: no 500, every refusal
JSON that says why, saved orders kept (tests/fuzz/api.py). bench/fuzz.py runs
the same requests by the thousand."""

from __future__ import annotations

import pytest

from tests.access.world import build_world
from tests.fuzz.api import api_routes, bearer, fuzz_api_route

EXAMPLES_PER_ROUTE = 8
SEED = 20261127


@pytest.mark.django_db
def test_it_survives_hostile_api_requests() -> None:
    world = build_world()
    headers = bearer(world)
    made = {
        route.name: fuzz_api_route(world, route, headers, EXAMPLES_PER_ROUTE, SEED)
        for route in api_routes()
    }
    assert len(made) >= 25 and all(count > 0 for count in made.values()), made
