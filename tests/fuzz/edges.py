"""The values at the API's edge that once ended in a 500 or were taken when
they should not be, put in every field of every POST route's body.

A NUL (PostgreSQL refuses it in text: a DataError), a lone surrogate (no
character: it cannot be written as UTF-8), a deadline without its offset
(naive against aware) or at the end of time (every sum with it overflows),
a string or a number where a boolean or an integer goes, a field no route
knows, and lists and strings far over their bounds. After each answer the
checks of tests/fuzz/api.py hold: no 500, a refusal JSON that says why, an
answer the published schema declares, saved orders kept unless saved.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from django.test import Client

from api.tests.published import Published, fetch
from api.tests.test_it_answers_every_route_for_every_persona import posts
from tests.access.routes import Route
from tests.access.world import World
from tests.fuzz.api import EDGE_VALUES, MASTER_ONLY, SAVES, check
from tests.fuzz.inputs import saved_orders

UNKNOWN_FIELDS = {"power": "GERMANY", "phase_id": 1, "": "", "__proto__": {}}
# Routes whose success changes the world the others are asked in go last.
LAST = ("end", "process_now", "resume", "pause")


def route_order(route: Route) -> tuple[bool, str]:
    name = short(route)
    return name in LAST, name


def short(route: Route) -> str:
    return route.name.split(":")[1]


def bodies(route: Route) -> Iterator[dict[str, Any]]:
    """The route's own good body with each field, in turn, set to each edge
    value; then with a field it does not know."""
    base = posts()[short(route)][0]
    fields = list(base) or ["phase", "result"]
    for field in fields:
        for value in EDGE_VALUES:
            yield {**base, field: value}
    for name, value in UNKNOWN_FIELDS.items():
        if name not in base:
            yield {**base, name: value}


def send_edges(world: World, route: Route, headers: dict[str, dict[str, str]]) -> int:
    """Every edge body to one POST route; how many were sent."""
    persona = "game_master" if MASTER_ONLY in route.route else "own_player"
    published = Published(fetch())
    operation = published.operation(short(route))
    url = route.url(world.url_values(persona))
    sent = 0
    for body in bodies(route):
        before = saved_orders(world)
        raw = json.dumps(body)  # a surrogate goes as JSON's own escape, "\ud800"
        answer = Client().post(url, raw, content_type="application/json", headers=headers[persona])
        check(route, answer)
        published.conform(operation, answer)
        if not (short(route) in SAVES and answer.status_code == 200):
            assert saved_orders(world) == before, (route.name, body)
        sent += 1
    return sent
