"""Everything one viewer receives from the server, as comparable text.

Each item is (what, bytes as text): every outbox row addressed to the viewer
(kind, status, when it was written and is due to go, subject, text, HTML and
every attachment, the map included), every page and JSON answer the viewer
can GET with its status, the proposal it is shown and the deadline it is
shown. Ids, tokens and the game's number are normalised (normalise.py); a
time is never normalised: the clock is the same in both worlds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from typing import Any

from api.models import ApiToken
from api.tokens import create_api_token
from battles import access as battle_access
from games import access
from postoffice.models import OutboxMessage
from postoffice.unsubscribe import unsubscribe_token
from tests.twoworlds.browser import Browser
from tests.twoworlds.mailtext import message_text
from tests.twoworlds.normalise import Normaliser
from tests.twoworlds.urls import patterns, urls, with_queries
from tests.twoworlds.world import POWERS

Receipt = tuple[str, str]
API_PREFIX = "api/v1/"


def received(
    world: Any, user: Any, power: str, actors: Iterable[str] = (), sides: Iterable[str] = ()
) -> list[Receipt]:
    """``actors``: the powers a query parameter may name besides the viewer's
    own; ``sides``: the battle sides one may."""
    return list(receipts(world, user, power, actors, sides))


def receipts(
    world: Any, user: Any, power: str, actors: Iterable[str] = (), sides: Iterable[str] = ()
) -> Iterator[Receipt]:
    """What ``received`` lists, one item at a time: each page is asked for
    only when the item before it has been taken, so a reader may stop early."""
    normal = Normaliser.of(world, user)
    queries = query_values(world, [power, *actors], sides)
    shown = state(world, user) if world.game else battle_state(world, user, power)
    for what, text in mail(world, user):
        yield normal(what), normal(text)
    for what, text in pages(world, user, queries):
        yield normal(what), normal(text)
    for what, text in shown:
        yield normal(what), normal(text)


def until_different(base: list[Receipt], other: Iterator[Receipt]) -> list[Receipt]:
    """``other``'s items up to the first that differs from ``base``'s (at the
    same place, or one more than base has), then no further: enough to prove
    that a control world differs, without asking for the rest of its pages.
    The whole of ``other`` when it never differs."""
    taken: list[Receipt] = []
    for item in other:
        taken.append(item)
        if len(taken) > len(base) or base[len(taken) - 1] != item:
            break
    return taken


def mail(world: Any, user: Any) -> list[Receipt]:
    """Each row as it was when the outbox sweep after it sent it (world.sent),
    or as it reads now if it was queued after the last sweep."""
    rows = OutboxMessage.objects.filter(user=user).order_by("created", "kind", "id")
    return [(f"mail {row.kind}", world.sent.get(row.pk) or message_text(row)) for row in rows]


def last_ordinal(world: Any) -> int:
    if world is None or world.game is None:
        return 0
    phases = world.game.phases.order_by("-ordinal")
    return int(phases.values_list("ordinal", flat=True).first() or 0)


def url_values(world: Any, user: Any) -> dict[str, list[str]]:
    """Each URL argument, every value the viewer could put there that names
    something of its own (its game, its battles, its phases, its links)."""
    game = world.game
    if game is not None:
        game.refresh_from_db()
    return {
        "game_id": [str(game.pk)] if game else [],
        "ordinal": [str(ordinal) for ordinal in range(last_ordinal(world) + 2)],
        "battle_id": [str(pk) for pk in world.battle_ids],
        "token": [unsubscribe_token(user), *([game.join_token] if game else [])],
        # Every first player's page (players' standing), the viewer's own
        # among them: the names each world starts with, the same in both.
        "username": [power.lower() for power in POWERS] if game else [],
        "message_id": [
            str(pk) for pk in OutboxMessage.objects.filter(user=user).values_list("pk", flat=True)
        ],
    }


def query_values(world: Any, powers: list[str], sides: Iterable[str]) -> dict[str, list[str]]:
    """Each query parameter's values: the powers in question and the words
    that mean "all" or "none", the sides, the pages and the phases."""
    last = last_ordinal(world)
    return {
        "power": [*powers, "ALL", ""],
        "with": [*powers, ""],
        # Threads (games.press.threads): each power, a group, and the named ones.
        "thread": [*powers, ",".join(sorted(powers[1:])), "ANONYMOUS", "EVERYONE", "GM", ""],
        "side": [*sides, "Nobody"],
        "page": ["1", "2"],
        "phase": [str(ordinal) for ordinal in range(last + 1)],
        "next": ["/"],
        "m": ["x"],
        # The lobby's filters: one value each, a game of the world's own kind.
        "rules": ["dc2005"],
        "press": ["none"],
        "hours": ["24"],
        "places": ["1"],
        "reliability": ["50"],
        "rating": ["1"],
    }


def pages(world: Any, user: Any, queries: dict[str, list[str]]) -> Iterator[Receipt]:
    """Every GET by the viewer's signed-in browser; then the JSON API's routes
    again as a program of the viewer's would ask them, with its own token
    (sessions open nothing there). The token is made after the pages, which
    list it, and removed after the API's walk."""
    client = Browser()
    client.force_login(user)
    values = url_values(world, user)
    yield from walk(client, patterns(), values, queries)
    made = create_api_token(user, "two worlds", ApiToken.Scope.READ)
    program = Browser(headers={"Authorization": f"Bearer {made.secret}"})
    api = [pattern for pattern in patterns() if pattern.route.startswith(API_PREFIX)]
    for what, text in walk(program, api, values, queries):
        yield f"API {what}", text
    # A reader that stops early leaves the token: the world is rolled back.
    ApiToken.objects.filter(pk=made.token.pk).delete()


def walk(
    client: Browser, chosen: list[Any], values: dict[str, list[str]], queries: dict[str, list[str]]
) -> Iterator[Receipt]:
    for pattern in chosen:
        for url in urls(pattern, values):
            answer = ask(client, url)
            yield answer
            # A page refused as a whole (403, 404, 405, a redirect to sign
            # in) is refused before its view reads a parameter: asked once.
            if answer[1].startswith("200 "):
                yield from (ask(client, asked) for asked in with_queries(pattern, url, queries))


def ask(client: Browser, url: str) -> Receipt:
    return f"GET {url}", response_text(client.get(url))


def response_text(response: Any) -> str:
    head = (
        f"{response.status_code} {response.get('Content-Type', '')} {response.get('Location', '')}"
    )
    body = b"".join(response) if response.streaming else response.content
    if response.get("Content-Type", "").startswith(("image/", "application/octet")):
        return f"{head} sha256={hashlib.sha256(body).hexdigest()}"
    return f"{head}\n{body.decode(errors='replace')}"


def battle_state(world: Any, user: Any, side: str) -> list[Receipt]:
    """A side's own record, with this turn's results and refusals."""
    viewer = battle_access.access_battle(user, world.battle_ids[0], side)
    record = battle_access.access_record(viewer)
    return [("battle record", repr(record))]


def state(world: Any, user: Any) -> list[Receipt]:
    """What the access layer hands the viewer outside any page: its proposal
    and its deadline."""
    viewer = access.access_game(user, world.game.pk)
    vote = access.access_vote(viewer)
    phase = access.access_open_phase(viewer)
    deadline = phase.deadline.isoformat() if phase is not None else "none"
    return [("proposal", repr(vote)), ("deadline", deadline)]
