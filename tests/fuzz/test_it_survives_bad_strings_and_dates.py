"""Every POST route of the API, each field of its body set in turn to a value
that once ended in a 500 or was taken when it should not have been (a NUL, a
lone surrogate, a naive or far deadline, a string for a boolean, an unknown
field, a list far over its bound): tests/fuzz/edges.py. CI runs it on
PostgreSQL, where a NUL reaching a text column is a DataError."""

from __future__ import annotations

import pytest

from tests.access.world import build_world
from tests.fuzz.api import api_routes, bearer, method_of
from tests.fuzz.edges import route_order, send_edges


@pytest.mark.django_db
def test_it_survives_bad_strings_and_dates_in_every_field() -> None:
    world = build_world()
    headers = bearer(world)
    writes = sorted((r for r in api_routes() if method_of(r) == "POST"), key=route_order)
    sent = {route.name: send_edges(world, route, headers) for route in writes}
    assert len(sent) >= 15 and all(count >= 20 for count in sent.values()), sent
