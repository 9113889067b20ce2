"""Hostile input for every /api/v1/ route, sent with a play token, drawn by hypothesis.

Each route is asked by the persona its token matrix lets through (the own
player, else the game master), with hostile path arguments, query strings
and JSON bodies: some shaped like the route's own (its field names with
hostile values), some anything at all. The checks after each answer: no 500,
every refusal is JSON whose ``detail`` says what is wrong, every answer is
one the published schema declares for the route (its status, its body), and the player's
saved orders are left as they were unless the answer says they were saved.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from django.test import Client
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from api.tests.published import Published, fetch
from api.tokens import create_api_token
from tests.access.routes import Route, routes
from tests.access.world import World
from tests.fuzz.inputs import NASTY, json_values, order_text, saved_orders

# Every field a route's body reads, and a few it does not.
API_FIELDS = [
    *("phase", "orders", "retreat_lists", "adjustment_lines", "text", "ready", "recipients"),
    *("body", "shown_as", "kind", "conceded_to", "yes", "minutes", "deadline", "power"),
    *("result", "", "__proto__"),
]
# Values at the API's edge that once ended in a 500 or were taken when they
# should not be (tests/fuzz/edges.py puts each in every field of every body).
EDGE_VALUES: list[Any] = [
    *("\x00", "A Par - Bur\x00", "\ud800", "A Par\udfff - Bur", "S1901M\x00"),
    *("2026-12-01T00:00", "9999-12-31T23:59:00+00:00", "9999-12-31T23:59:59-12:00"),
    *("0001-01-01T00:00:00+14:00", 4102444800, "yes", "off", "10", 1, 0, True, None),
    *(10**30, -1, 1.5, [], {}, ["\x00"], ["\ud800"], {"\x00": "\ud800"}),
    ["A Par H"] * 150,
    {f"A X{n}": "Bur" for n in range(150)},
    "x" * 6000,
    "A Par H\n" * 5000,
]
hostile = st.one_of(
    st.sampled_from(NASTY),
    st.sampled_from(EDGE_VALUES),
    order_text,
    json_values,
    st.lists(st.one_of(st.sampled_from(NASTY), order_text), max_size=4),
)
shaped = st.dictionaries(st.sampled_from(API_FIELDS), hostile, max_size=6)
bodies = st.one_of(
    shaped.map(lambda value: json.dumps(value).encode()),
    json_values.map(lambda value: json.dumps(value).encode()),
    st.binary(max_size=120),
)
path_values = {
    "game_id": st.integers(min_value=-5, max_value=10**20),
    "ordinal": st.integers(min_value=-5, max_value=10**25),
    "username": st.text(max_size=200),
}
SAVES = ("submit_orders", "set_ready", "orders_for_power", "process_now", "end", "open_seat")
MASTER_ONLY = "/console/"


def api_routes() -> list[Route]:
    public = ("api-v1:openapi-json", "api-v1:api-root")
    return [r for r in routes() if r.namespace == "api-v1" and r.name not in public]


def bearer(world: World) -> dict[str, dict[str, str]]:
    """A play token for the own player and one for the game master."""
    return {
        persona: {
            "Authorization": "Bearer "
            + create_api_token(world.users[persona], "fuzz", "play").secret
        }
        for persona in ("own_player", "game_master")
    }


def method_of(route: Route) -> str:
    """GET for reads, POST for writes: the route's own name says which."""
    reads = ("my_", "game_detail", "game_log", "player", "ranking")
    return "GET" if route.name.split(":")[1].startswith(reads) else "POST"


def fuzz_api_route(
    world: World,
    route: Route,
    headers: dict[str, dict[str, str]],
    examples: int,
    seed_value: int,
) -> int:
    """``examples`` hostile requests to one API route (``headers`` from ``bearer``);
    how many were made."""
    persona = "game_master" if MASTER_ONLY in route.route else "own_player"
    made = []
    published = Published(fetch())

    @seed(seed_value)
    @settings(
        max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(
        st.fixed_dictionaries({}, optional={a: path_values[a] for a in route.arguments}),
        st.dictionaries(st.text(max_size=10), st.sampled_from(NASTY), max_size=3),
        bodies,
    )
    def survive(arguments: dict[str, Any], query: dict[str, str], body: bytes) -> None:
        before = saved_orders(world)
        url = route.url({**world.url_values(persona), **arguments})
        pairs = "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in query.items())
        url = f"{url}?{pairs}" if pairs else url
        client = Client()
        if method_of(route) == "GET":
            response = client.get(url, headers=headers[persona])
        else:
            response = client.post(
                url, body, content_type="application/json", headers=headers[persona]
            )
        check(route, response)
        published.conform(published.operation(route.name.split(":")[1]), response)
        if not (route.name.split(":")[1] in SAVES and response.status_code == 200):
            assert saved_orders(world) == before, f"{route.name} changed saved orders"
        made.append(1)

    survive()
    return len(made)


def check(route: Route, response: Any) -> None:
    assert response.status_code < 500, route.name
    if 400 <= response.status_code < 500:
        detail = json.loads(response.content).get("detail")
        assert detail, f"{route.name} refused without saying why: {response.content[:300]!r}"
