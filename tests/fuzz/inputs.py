"""Hostile input for every URL pattern: form fields, order text, JSON bodies,
query strings and path arguments, drawn by hypothesis.

Used by the seeded suite tests (a few examples per pattern) and by
bench/fuzz.py (many). Each request is made by the persona the access matrix
lets through, so the fuzz reaches the view's own code rather than stopping at
the door. The checks after each answer: no 500 (an exception fails the call),
a refusal (400) that says what is wrong, and a player's saved orders left as
they were by any request that did not save new ones.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from django.test import Client
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from games.models import OrderSheet, Phase
from tests.access.routes import Route
from tests.access.test_it_answers_every_url_for_every_persona import LOGIN, MATRIX
from tests.access.world import PERSONAS, World

# Every field name the site's forms and views read, and a few they do not.
FIELD_NAMES = [
    *("name", "preset", "start_year", "movement", "retreat", "adjustment", "time_zone"),
    *("press_mode", "anonymous", "email", "first", "second", "third", "choice", "method"),
    *("deadline", "by", "power", "username", "result", "unfog", "recipients", "shown_as"),
    *("body", "open", "typed", "text", "ready", "next", "password", "password1", "password2"),
    *("html", "reminders", "reminder_hours", "press", "row_0", "row_1", "row_2", "retreat_0"),
    *("adjustments", "csrfmiddlewaretoken", "id", "with", "m", "page", "", "__proto__"),
    "thread",
    *("first_day", "last_day", "absence", "deadline_time", "skip_weekends", "grace"),
    *("grace_extensions", "ready_delay", "absence_limit"),
]
CLOSED = (LOGIN, 403, 404, 405)  # answers that stop a request at the door
QUERY_NAMES = ["power", "with", "thread", "m", "next", "after", "since", "page", "format", ""]
WORDS = [
    *("A", "F", "PAR", "Par", "paris", "BUR", "-", "->", "to", "S", "C", "H", "R", "B", "D"),
    *("via", "convoy", "STP/NC", "spa/sc", "Spa(sc)", "IF", "EMPTY", "OCCUPIED", "WAIVE"),
    *("holds", "build", "disband", "MUN", "Kiel", "NTH", "ENG", "MAO", "xyz", "A Par - Bur"),
]
NASTY = [
    *("", " ", "\x00", "\t\n", "null", "None", "-1", "0", "9" * 30, "1e309", "NaN"),
    *("<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "%00", "ALL"),
    *("FRANCE", "GERMANY", "OBSERVER", "2026-13-45T25:61", "2099-01-01T00:00", "1901-01-01 00:00"),
    *("on", "off", "true", "48h", "0h", "-5h", "999999h", "1d", "Europe/Paris", "Mars/Olympus"),
    *("gm@example.com", "a@b", "x" * 5000, "\u202e\u0301", "😀" * 40, "standard", "black"),
]

texts = st.text(max_size=120)
order_text = st.lists(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=7).map(" ".join), max_size=12
).map("\n".join)
values = st.one_of(st.sampled_from(NASTY), texts, order_text, st.integers().map(str))
form_data = st.dictionaries(
    st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=12)),
    st.lists(values, min_size=1, max_size=3),
    max_size=8,
)
query = st.dictionaries(st.one_of(st.sampled_from(QUERY_NAMES), texts), values, max_size=3)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), texts),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=10,
)
json_bodies = st.one_of(
    json_values.map(lambda value: json.dumps(value).encode()),
    st.fixed_dictionaries({"text": st.one_of(order_text, json_values)}).map(
        lambda value: json.dumps(value).encode()
    ),
    st.binary(max_size=200),
)
path_values = {
    "ordinal": st.integers(min_value=0, max_value=10**25),
    "preset": st.one_of(
        st.sampled_from(["dc2005", "standard", "nope"]),
        st.from_regex(r"[-a-zA-Z0-9_]{1,30}", fullmatch=True),
    ),
    "key": st.text(min_size=1, max_size=60),
    "token": st.text(min_size=1, max_size=60),
}


@dataclass(frozen=True)
class Request:
    method: str
    path_arguments: dict[str, Any]
    query: dict[str, str]
    data: dict[str, list[str]]
    json_body: bytes | None


def requests_for(route: Route) -> st.SearchStrategy[Request]:
    methods = [m for m, row in sorted(MATRIX[route.name].items()) if set(row) - set(CLOSED)]
    fuzzed = {name: path_values[name] for name in route.arguments if name in path_values}
    json_body = json_bodies if route.name == "game_orders_check" else st.none()
    return st.builds(
        Request,
        method=st.sampled_from(methods),
        path_arguments=st.fixed_dictionaries({}, optional=fuzzed),
        query=query,
        data=form_data,
        json_body=st.one_of(st.none(), json_body),
    )


def who_asks(route: Route, method: str) -> str:
    """The persona that gets past the door for this pattern, to reach the view itself."""
    row = MATRIX[route.name][method]
    answers = zip(PERSONAS, row, strict=True)
    let_in = [persona for persona, answer in answers if answer in (200, 302, 400)]
    for persona in ("anonymous", "own_player", "game_master", "stranger"):
        if persona in let_in:
            return persona
    return "own_player"


def url_of(route: Route, world: World, persona: str, request: Request) -> str:
    values = {**world.url_values(persona), **request.path_arguments}
    if "token" in request.path_arguments:
        values[route.name] = quote(request.path_arguments["token"], safe="")
    if "key" in request.path_arguments:
        values["key"] = quote(request.path_arguments["key"], safe="")
    url = route.url(values)
    pairs = [f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in request.query.items()]
    return f"{url}?{'&'.join(pairs)}" if pairs else url


def saved_orders(world: World) -> list[tuple[int, str, str, list[str], bool]]:
    sheets = OrderSheet.objects.filter(phase__game=world.game).order_by("pk")
    return [(s.phase_id, s.power, s.typed, list(s.parsed), s.ready) for s in sheets]


def send(client: Client, url: str, request: Request) -> Any:
    if request.method == "GET":
        return client.get(url)
    if request.json_body is not None:
        return client.post(url, request.json_body, content_type="application/json")
    return client.post(url, request.data)


def check_answer(route: Route, request: Request, response: Any) -> None:
    assert response.status_code < 500, (route.name, request)
    if response.status_code == 400:
        body = response.content.decode(errors="replace")
        assert any(word in body for word in ("error", "could not", "required", "not ")), (
            f"{route.name} refused without saying why: {body[:300]}"
        )


def fuzz_once(world: World, route: Route, request: Request, clients: dict[str, Client]) -> Any:
    """One request; raises AssertionError (or the view's exception) if a promise breaks."""
    persona = who_asks(route, request.method)
    before = saved_orders(world)
    response = send(clients[persona], url_of(route, world, persona, request), request)
    check_answer(route, request, response)
    saved_new_orders = route.name == "game_orders" and response.status_code == 302
    readied = route.name == "game_ready" and response.status_code == 302
    if not (saved_new_orders or readied) and Phase.objects.filter(game=world.game).count() == 1:
        assert saved_orders(world) == before, f"{route.name} changed saved orders"
    return response


def routes_to_fuzz(routes: list[Route]) -> list[Route]:
    """Every site pattern some persona may reach (the dev mailbox answers 404 to all)."""
    rows = {route.name: MATRIX[route.name].values() for route in routes}
    return [r for r in routes if any(a not in CLOSED for row in rows[r.name] for a in row)]


def route_and_request(routes: list[Route]) -> st.SearchStrategy[tuple[Route, Request]]:
    return st.sampled_from(routes).flatmap(
        lambda route: requests_for(route).map(lambda request: (route, request))
    )


def fuzz_route(
    world: World, route: Route, clients: dict[str, Client], examples: int, seed_value: int
) -> int:
    """``examples`` hostile requests to one pattern; returns how many were made."""
    made = []

    @seed(seed_value)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(requests_for(route))
    def survive(request: Request) -> None:
        fuzz_once(world, route, request, clients)
        made.append(1)

    survive()
    return len(made)
