"""The API's access matrix: every /api/v1/ route x every persona, each with its own play token.

The routes are read from the URL configuration, so a new route cannot be
forgotten: the first test fails for any route without a row here. Personas
are the site's access matrix's (tests/access/world.py), in its order:

    anonymous (no token), game master, own player, another game's player,
    signed-in stranger, invited but not joined, replaced player, player
    after the end (asking about their finished game), spectator (asking
    about a game open to watchers: the API shows watchers nothing).

Anyone with no part in the game gets 404, as if it did not exist; a member
who may not do something 403; a request the game's state refuses 409. Every
answer is held to the published schema (api/tests/published.py): its status
declared for the route, its body matching. Each POST row gets a fresh world,
with the game master asking last.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from api.tests.published import Published, fetch
from api.tokens import create_api_token
from tests.access.routes import Route, routes
from tests.access.world import PERSONAS, World, build_world

Row = tuple[int, ...]

# Reads of one's own game: members (the game master reads the whole board's
# record, a replaced player an observer's); strangers and watchers 404.
MEMBERS = (401, 200, 200, 404, 404, 404, 200, 200, 404)
# A player's writes: the game master and the replaced player hold no power (403).
PLAYER = (401, 403, 200, 404, 404, 404, 403, 409, 404)
# The console's: members who are not the game master get 403.
MASTER = (401, 200, 403, 404, 404, 404, 403, 403, 404)

GETS: dict[str, Row] = {
    "my_games": (401, *(200,) * 8),
    "game_detail": MEMBERS,
    "my_records": MEMBERS,
    "my_current_record": MEMBERS,
    "my_record_at": MEMBERS,
    "my_map": MEMBERS,
    # Press: the game master reads all of it, a replaced player none of it.
    "my_press": MEMBERS,
    "my_vote": MEMBERS,
    # A saved sheet is a player's: the game master and the replaced player hold
    # no power (403); after the end no phase is open (404).
    "my_orders": (401, 403, 200, 404, 404, 404, 403, 404, 404),
    "my_options": (401, 403, 200, 404, 404, 404, 403, 404, 404),
    "game_log": MASTER,
    # Players' standing: anyone with a token; the world's route names no such player.
    "player": (401, *(404,) * 8),
    "ranking": (401, *(200,) * 8),
    # One's own tokens: anyone with a token has a list.
    "my_tokens": (401, *(200,) * 8),
}


def posts() -> dict[str, tuple[dict[str, Any], Row]]:
    """Each POST route's body (one the own player or the game master may send) and answers."""
    soon = (timezone.now() + timedelta(days=3)).isoformat()
    orders = {"phase": "S1901M", "orders": ["A Par H"]}
    return {
        "submit_orders": (orders, PLAYER),
        # Checking needs a power; after the end there is no phase to check.
        "check_orders": ({"text": "A Par H"}, (401, 404, 200, 404, 404, 404, 404, 200, 404)),
        "set_ready": ({"phase": "S1901M"}, PLAYER),
        "send_press": ({"recipients": ["EVERYONE"], "body": "Hello"}, PLAYER),
        "propose": ({"kind": "draw"}, PLAYER),
        # No proposal is open: the own player's vote is refused (409).
        "vote": ({"yes": True}, (401, 403, 409, 404, 404, 404, 403, 409, 404)),
        "process_now": ({"phase": "S1901M"}, MASTER),
        "retry": ({}, (401, 409, 403, 404, 404, 404, 403, 403, 404)),
        "extend": ({"minutes": 60}, MASTER),
        "set_deadline": ({"deadline": soon}, MASTER),
        "pause": ({}, MASTER),
        "resume": ({}, (401, 409, 403, 404, 404, 404, 403, 403, 404)),
        "orders_for_power": ({**orders, "power": "FRANCE"}, MASTER),
        "game_master_press": ({"recipients": ["EVERYONE"], "body": "Hello"}, MASTER),
        "open_seat": ({"power": "FRANCE"}, MASTER),
        # Italy has no player in the game: its seat is empty.
        "care_for_seat": ({"power": "ITALY"}, MASTER),
        "end": ({}, MASTER),
        # No such token of anyone's: as if it did not exist.
        "revoke_my_token": ({"token_id": 10**9}, (401, *(404,) * 8)),
    }


def api_routes() -> list[Route]:
    public = ("api-v1:openapi-json", "api-v1:api-root")
    return [r for r in routes() if r.namespace == "api-v1" and r.name not in public]


def short(route: Route) -> str:
    return route.name.split(":")[1]


def tokens_for(world: World) -> dict[str, dict[str, str]]:
    """Each signed-up persona's bearer header, from a play token of its own."""
    headers: dict[str, dict[str, str]] = {"anonymous": {}}
    for persona in PERSONAS[1:]:
        secret = create_api_token(world.users[persona], "matrix", "play").secret
        headers[persona] = {"Authorization": f"Bearer {secret}"}
    return headers


def ask(world: World, route: Route, body: dict[str, Any] | None) -> Row:
    headers = tokens_for(world)
    order = sorted(PERSONAS, key=lambda persona: persona == "game_master")
    published = Published(fetch())
    operation = published.operation(short(route))
    answers = {}
    for persona in order:
        url = route.url(world.url_values(persona))
        client = Client()
        if body is None:
            response = client.get(url, headers=headers[persona])
        else:
            response = client.post(
                url, body, content_type="application/json", headers=headers[persona]
            )
        # Each persona's answer, refusal or not, is one the schema declares.
        published.conform(operation, response)
        answers[persona] = response.status_code
    return tuple(answers[persona] for persona in PERSONAS)


def test_it_has_a_row_for_every_api_route() -> None:
    names = {short(route) for route in api_routes()}
    rows = set(GETS) | set(posts())
    assert not sorted(names - rows), f"API routes with no row: {sorted(names - rows)}"
    assert not sorted(rows - names), f"rows for routes that no longer exist: {sorted(rows - names)}"


@pytest.mark.django_db
def test_it_answers_every_get_as_the_matrix_says() -> None:
    world = build_world()
    wrong = {}
    for route in api_routes():
        if short(route) in GETS:
            got = ask(world, route, None)
            if got != GETS[short(route)]:
                wrong[short(route)] = {"expected": GETS[short(route)], "got": got}
    assert not wrong, wrong


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(posts()))
def test_it_answers_every_post_as_the_matrix_says(name: str) -> None:
    world = build_world()
    route = next(route for route in api_routes() if short(route) == name)
    body, expected = posts()[name]
    assert ask(world, route, body) == expected


@pytest.mark.django_db
def test_a_read_token_writes_nothing_anywhere() -> None:
    """Every write refuses a read token, even the game master's or the own player's (403)."""
    world = build_world()
    wrong = {}
    for name, (body, _) in posts().items():
        if name == "check_orders":  # checking lines reads; it saves nothing
            continue
        route = next(route for route in api_routes() if short(route) == name)
        for persona in ("game_master", "own_player"):
            secret = create_api_token(world.users[persona], "reader", "read").secret
            url = route.url(world.url_values(persona))
            headers = {"Authorization": f"Bearer {secret}"}
            response = Client().post(url, body, content_type="application/json", headers=headers)
            if response.status_code != 403:
                wrong[(name, persona)] = response.status_code
    assert not wrong, wrong
