"""Every status each operation declares is one it can be driven into.

The refusals every route shares (400 for a NUL in the query, 401 without a
token, 413 for a body over the limit, 429 past the rate limit, and 304 for a
GET asked with its ETag) are driven here for every operation, each answer
held to the schema. The statuses that depend on who asks and on the game's
state come from the token access matrix (test_it_answers_every_route_for_
every_persona.py drives each row) and from the tests named in EVIDENCE; the
last test checks that together they cover every status declared."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from api.tests import test_it_answers_every_route_for_every_persona as matrix
from api.tests.published import Published, fetch
from api.tokens import create_api_token
from fogdip.env import Rate
from games import actions
from tests.access.world import World, build_world

# Statuses driven elsewhere, by operation, with the test that drives each.
BAD_LINES = "test_it_plays_from_the_schema_alone.py (order lines that cannot be read)"
EVIDENCE: dict[str, dict[int, str]] = {
    "submit_orders": {400: BAD_LINES, 422: "test_it_validates_at_its_edge.py"},
    "orders_for_power": {400: "below", 409: "below"},
    "vote": {200: "test_it_sends_press_and_votes.py"},
    "retry": {200: "test_it_plays_from_the_schema_alone.py (failed_and_retried)"},
    "resume": {200: "test_it_plays_from_the_schema_alone.py (console)"},
    "player": {200: "standing/tests/test_it_serves_the_standing_in_the_api.py"},
    "my_press": {409: "test_it_pages_press_by_cursor.py (a game without press)"},
    "revoke_my_token": {
        200: "test_it_lists_and_revokes_my_tokens.py",
        403: "test_it_lists_and_revokes_my_tokens.py (a read token revoking another)",
    },
    **{
        name: {409: "below: after the end"}
        for name in (
            "process_now",
            "extend",
            "set_deadline",
            "pause",
            "game_master_press",
            "open_seat",
            "care_for_seat",
            "end",
        )
    },
}
# Any route whose body pydantic reads, or with a game's number in its path, can give 422
# (test_it_validates_at_its_edge.py, test_it_declares_a_strict_schema.py).
MALFORMED = 422


@pytest.fixture(scope="module")
def published(django_db_blocker: Any) -> Published:
    with django_db_blocker.unblock():
        return Published(fetch())


def ask(world: World, operation: Any, headers: dict[str, str], **extra: Any) -> Any:
    url = operation.path.replace("{game_id}", str(world.game.pk)).replace("{ordinal}", "0")
    client = Client()
    query = extra.pop("query", "")
    if operation.method == "GET":
        return client.get(url + query, headers=headers, **extra)
    return client.post(url + query, {}, content_type="application/json", headers=headers, **extra)


def token(world: World) -> dict[str, str]:
    secret = create_api_token(world.users["own_player"], "statuses", "play").secret
    return {"Authorization": f"Bearer {secret}"}


@pytest.mark.django_db
def test_every_operation_gives_the_shared_refusals_as_declared(
    published: Published, settings: Any
) -> None:
    world = build_world()
    headers = token(world)
    for operation in published.operations():
        assert ask(world, operation, {}).status_code == 401
        published.conform(operation, ask(world, operation, {}))
        published.conform(operation, ask(world, operation, headers, query="?x=%00"))
        too_big = ask(world, operation, headers, CONTENT_LENGTH=str(10**9))
        assert too_big.status_code == 413, operation.operation_id
        published.conform(operation, too_big)
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": Rate(1, 60)}
    Client().get("/api/v1/games", headers=headers)  # the window's one request
    for operation in published.operations():
        limited = ask(world, operation, headers)
        assert limited.status_code == 429, operation.operation_id
        published.conform(operation, limited)
    met = {(name, status) for name, status in published.met}
    for operation in published.operations():
        for status in (400, 401, 413, 429):
            assert (operation.operation_id, status) in met, (operation.operation_id, status)


@pytest.mark.django_db
def test_every_get_answers_304_to_its_own_etag(published: Published) -> None:
    world = build_world()
    headers = token(world)
    for operation in published.operations():
        if operation.method != "GET":
            continue
        first = ask(world, operation, headers)
        if first.status_code != 200:
            continue
        again = ask(world, operation, {**headers, "If-None-Match": first["ETag"]})
        assert again.status_code == 304, operation.operation_id
        assert "304" in operation.spec["responses"]


def test_every_declared_status_is_driven_somewhere(published: Published) -> None:
    rows = {**matrix.GETS, **{name: row for name, (_, row) in matrix.posts().items()}}
    missing = {}
    for operation in published.operations():
        name = operation.operation_id
        driven = {400, 401, 413, 429, *rows[name], *EVIDENCE.get(name, {})}
        if operation.method == "GET":
            driven.add(304)
        if "{game_id}" in operation.path or "requestBody" in operation.spec:
            driven.add(MALFORMED)
        declared = {int(status) for status in operation.spec["responses"]}
        if declared - driven:
            missing[name] = sorted(declared - driven)
    assert not missing, f"declared but never driven: {missing}"


AFTER_THE_END: dict[str, dict[str, Any]] = {
    "process_now": {"phase": "F1905M"},  # a phase that is not open
    "extend": {"minutes": 60},
    "set_deadline": {"deadline": "SOON"},  # three days ahead, filled in below
    "pause": {},
    "game_master_press": {"recipients": ["EVERYONE"], "body": "Hello"},
    "open_seat": {"power": "FRANCE"},
    "care_for_seat": {"power": "ITALY"},
    "end": {},
}


@pytest.mark.django_db
def test_the_consoles_writes_are_refused_409_after_the_end(published: Published) -> None:
    world = build_world()
    master = world.users["game_master"]
    actions.end_game(world.game, master)
    secret = create_api_token(master, "console", "play").secret
    wrong = {}
    soon = (timezone.now() + timedelta(days=3)).isoformat()
    for name, given in AFTER_THE_END.items():
        body = {key: soon if value == "SOON" else value for key, value in given.items()}
        operation = published.operation(name)
        url = operation.path.replace("{game_id}", str(world.game.pk))
        answer = Client().post(
            url,
            body,
            content_type="application/json",
            headers={"Authorization": f"Bearer {secret}"},
        )
        wrong[name] = answer.status_code
        published.conform(operation, answer)
    assert {name: status for name, status in wrong.items() if status != 409} == {}


@pytest.mark.django_db
def test_the_game_masters_orders_for_a_power_meet_400_and_409(published: Published) -> None:
    world = build_world()
    secret = create_api_token(world.users["game_master"], "console", "play").secret
    operation = published.operation("orders_for_power")
    url = operation.path.replace("{game_id}", str(world.game.pk))
    bodies = {
        400: {"power": "FRANCE", "phase": "S1901M", "orders": ["A Par - Munchen"]},
        409: {"power": "FRANCE", "phase": "F1905M", "orders": ["A Par H"]},
    }
    for status, body in bodies.items():
        headers = {"Authorization": f"Bearer {secret}"}
        answer = Client().post(url, body, content_type="application/json", headers=headers)
        assert answer.status_code == status, answer.content
        published.conform(operation, answer)
