"""Every road input comes in by, each given hostile shapes (tests/fuzz/shapes.py),
one input at a time, each from its own seed.

Roads: the web's forms (orders, press, console forms, settings: every
pattern some persona may POST to), query strings on every page someone may
read, the JSON API with a valid play token, and email by the signed inbound
webhook and by the pipe. Each input is sent by the persona the access matrix
lets through, so it reaches the view's own code, and runs in a transaction
rolled back afterwards (the cache emptied too): every input meets the same
world, so its seed alone makes it again. The answer is counted by status;
a 5xx, or an exception out of the site, is a failure.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from unittest import mock
from urllib.parse import quote

from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import Client
from django.test.utils import override_settings

from api.tokens import create_api_token
from battles.addresses import battle_reply_address
from games.replies.addresses import reply_address_of_game_master, reply_address_of_seat
from tests.access.routes import Route
from tests.access.test_it_answers_every_url_for_every_persona import MATRIX, site_routes
from tests.access.world import PERSONAS, World
from tests.fuzz import shapes
from tests.fuzz.api import API_FIELDS, api_routes, method_of
from tests.fuzz.inputs import CLOSED, FIELD_NAMES, routes_to_fuzz, who_asks

ROADS = ("web form", "query string", "json api", "email by webhook", "email by pipe")
QUERY_NAMES = ["power", "side", "with", "page", "phase", "next", "m", "correspondent", "ordinal"]
WEBHOOK_KEY = "fuzz-signing-key"
WEBHOOK = "/anymail/mailgun/inbound_mime/"


@dataclass
class Failure:
    road: str
    seed: str  # "<run seed>:<input number>"
    what: str  # the input, shortened
    why: str  # the status, or the exception's last lines


@dataclass
class Tally:
    statuses: dict[str, Counter[str]] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    slowest: dict[str, tuple[float, str]] = field(default_factory=dict)  # road -> (s, seed)

    def count(self, road: str, status: str, seconds: float, seed: str = "") -> None:
        self.statuses.setdefault(road, Counter())[status] += 1
        self.seconds[road] = self.seconds.get(road, 0.0) + seconds
        self.slowest[road] = max(self.slowest.get(road, (0.0, "")), (seconds, seed))

    def inputs(self, road: str) -> int:
        return sum(self.statuses.get(road, Counter()).values())


@dataclass
class Site:
    """The world, its clients, tokens and addresses, and the patterns each road asks."""

    world: World
    clients: dict[str, Client]
    bare: Client  # signed in as nobody: the API (by token) and the webhook
    tokens: dict[str, dict[str, str]]
    forms: list[Route]
    pages: list[Route]
    api: list[Route]
    mail_to: list[tuple[str, str]]  # (sender, reply address)


def make_site(world: World) -> Site:
    clients = {persona: world.client(persona) for persona in PERSONAS}
    tokens = {
        persona: {
            "Authorization": "Bearer " + create_api_token(world.users[persona], "f", "play").secret
        }
        for persona in ("own_player", "game_master")
    }
    reachable = routes_to_fuzz(site_routes())
    return Site(
        world,
        clients,
        Client(),
        tokens,
        forms=[r for r in reachable if opens(r, "POST")],
        pages=[r for r in reachable if opens(r, "GET")],
        api=api_routes(),
        mail_to=addresses(world),
    )


def opens(route: Route, method: str) -> bool:
    """Some persona gets past the door (the API's own road asks it by token, not by session)."""
    row = MATRIX[route.name].get(method, ())
    return route.namespace != "api-v1" and any(a not in (*CLOSED, 401) for a in row)


def addresses(world: World) -> list[tuple[str, str]]:
    france = world.game.seats.get(power="FRANCE")
    master, player = world.users["game_master"], world.users["own_player"]
    return [
        (player.email, reply_address_of_seat(france)),
        (master.email, reply_address_of_game_master(world.game)),
        (player.email, battle_reply_address(world.battle, player, "Red")),
        (world.users["stranger"].email, reply_address_of_seat(france)),
    ]


def fuzz(site: Site, seed: int, numbers: range, tally: Tally) -> Tally:
    """Inputs ``numbers`` of the run ``seed``, each through its road; counted in ``tally``."""
    with override_settings(
        INBOUND_EMAIL_PROVIDER="mailgun", ANYMAIL={"MAILGUN_WEBHOOK_SIGNING_KEY": WEBHOOK_KEY}
    ):
        for number in numbers:
            one(site, f"{seed}:{number}", tally)
    return tally


def one(site: Site, seed: str, tally: Tally) -> None:
    rng = random.Random(seed)
    road = rng.choice(ROADS)
    send = SENDERS[road]
    said: list[str] = []  # what is sent, written down before it is sent
    started = time.monotonic()
    try:
        with transaction.atomic():
            status = send(site, rng, said)
            transaction.set_rollback(True)
    except Exception:  # anything out of the site is a failure to report, with its seed
        tally.count(road, "exception", time.monotonic() - started, seed)
        tally.failures.append(Failure(road, seed, "".join(said)[:300], where_it_broke()))
        return
    finally:
        cache.clear()  # rate limits and one-time webhook tokens start afresh
    tally.count(road, status, time.monotonic() - started, seed)
    if status.startswith("5"):
        tally.failures.append(Failure(road, seed, "".join(said)[:300], status))


def where_it_broke() -> str:
    """The exception, and the frames of FogDip's own code it came through."""
    lines = traceback.format_exc().strip().splitlines()
    ours = [
        line.strip() for line in lines if "/.venv/" not in line and line.startswith('  File "/')
    ]
    return "\n  ".join([*ours[-12:], lines[-1]])


def hostile_fields(rng: random.Random, names: list[str]) -> dict[str, Any]:
    count = shapes.many(rng, 1500) if rng.random() < 0.1 else rng.randrange(1, 8)
    fields: dict[str, Any] = {}
    for _ in range(count):
        name = rng.choice(names) if rng.random() < 0.8 else shapes.text(rng)[:40]
        fields[name] = [shapes.text(rng) for _ in range(rng.randrange(1, 3))]
    return fields


def many_headers(rng: random.Random) -> dict[str, str]:
    """Now and then, hundreds of request headers, some with control characters."""
    count = shapes.many(rng, 400) if rng.random() < 0.1 else 0
    return {f"X-Fuzz-{n}": shapes.header_value(rng)[:100].replace("\x00", "") for n in range(count)}


def send_form(site: Site, rng: random.Random, said: list[str]) -> str:
    route = rng.choice(site.forms)
    persona = who_asks(route, "POST")
    url = route.url(site.world.url_values(persona))
    client, headers = site.clients[persona], many_headers(rng)
    shape = rng.randrange(4)
    if shape == 0:  # a urlencoded body in no known encoding
        body = b"&".join(quote(n).encode() + b"=" + shapes.bad_bytes(rng) for n in FIELD_NAMES[:5])
        said.append(f"POST {url} as {persona}, raw {body[:200]!r}")
        kind = "application/x-www-form-urlencoded"
        return str(client.post(url, body, content_type=kind, headers=headers).status_code)
    data = hostile_fields(rng, FIELD_NAMES)
    if shape == 1:  # multipart, with a file of bad bytes
        data["upload"] = io.BytesIO(shapes.bad_bytes(rng))
    said.append(f"POST {url} as {persona}, {len(data)} fields: {short(data)}")
    return str(client.post(url, data, headers=headers).status_code)


def send_query(site: Site, rng: random.Random, said: list[str]) -> str:
    route = rng.choice(site.pages)
    persona = who_asks(route, "GET")
    url = route.url(site.world.url_values(persona)) + "?" + query(rng)
    said.append(f"GET {url[:300]} as {persona}")
    return str(site.clients[persona].get(url, headers=many_headers(rng)).status_code)


def query(rng: random.Random) -> str:
    count = shapes.many(rng, 1500) if rng.random() < 0.1 else rng.randrange(1, 4)
    pairs = []
    for _ in range(count):
        name = rng.choice(QUERY_NAMES) if rng.random() < 0.8 else shapes.text(rng)[:30]
        if rng.random() < 0.15:  # percent-escapes that decode to no UTF-8
            pairs.append(f"{quote(name)}=%ff%fe%c3%28%ed%a0%80%00")
        else:
            pairs.append(f"{quote(name, safe='')}={quote(shapes.text(rng), safe='')}")
    return "&".join(pairs)


def send_api(site: Site, rng: random.Random, said: list[str]) -> str:
    route = rng.choice(site.api)
    persona = "game_master" if "/console/" in route.route else "own_player"
    values = dict(site.world.url_values(persona))
    if "ordinal" in route.arguments and rng.random() < 0.5:
        values["ordinal"] = rng.choice((0, 10**25, 2**63, 2**31))
    url = route.url(values) + ("?" + query(rng) if rng.random() < 0.3 else "")
    headers = {**site.tokens[persona], **many_headers(rng)}
    if method_of(route) == "GET":
        said.append(f"GET {url[:300]} with {persona}'s token")
        return str(site.bare.get(url, headers=headers).status_code)
    body = api_body(rng)
    said.append(f"POST {url[:300]} with {persona}'s token: {body[:200]!r}")
    response = site.bare.post(url, body, content_type="application/json", headers=headers)
    return str(response.status_code)


def api_body(rng: random.Random) -> bytes:
    shape = rng.randrange(5)
    if shape == 0:
        return shapes.bad_bytes(rng)
    if shape == 1:  # nesting deeper than a parser's stack
        depth = rng.choice((10, 500, 5000, 100_000))
        return b"[" * depth + b"]" * depth
    if shape == 2:  # numbers no float or 64-bit integer holds, written out in full
        huge = (f'"{name}": {"9" * rng.randrange(20, 20_000)}' for name in API_FIELDS[:6])
        return ("{" + ", ".join(huge) + "}").encode()
    fields = {rng.choice(API_FIELDS): json_value(rng) for _ in range(rng.randrange(1, 7))}
    return json.dumps(fields).encode("utf-8", "surrogatepass")


def json_value(rng: random.Random) -> Any:
    pick = rng.randrange(6)
    if pick == 0:
        return [shapes.text(rng) for _ in range(rng.randrange(0, 5))]
    if pick == 1:
        return rng.choice((True, False, None, 0, -1, 10**30, 1e308, 2**63))
    if pick == 2:
        return {shapes.text(rng)[:20]: shapes.text(rng)}
    return shapes.text(rng)


def mail(site: Site, rng: random.Random) -> bytes:
    sender, to = rng.choice(site.mail_to)
    return shapes.email(rng, sender, to)


def send_webhook(site: Site, rng: random.Random, said: list[str]) -> str:
    raw = mail(site, rng)
    said.append(f"webhook: {raw[:300]!r}")
    return str(site.bare.post(WEBHOOK, signed_form(raw, rng)).status_code)


def signed_form(raw: bytes, rng: random.Random) -> dict[str, str]:
    """Mailgun's inbound post of ``raw``, signed with WEBHOOK_KEY, its once-only token drawn."""
    stamp, token = str(int(time.time())), f"{rng.getrandbits(128):032x}"
    signature = hmac.new(WEBHOOK_KEY.encode(), f"{stamp}{token}".encode(), hashlib.sha256)
    form = {"body-mime": raw.decode("utf-8", "replace"), "timestamp": stamp, "token": token}
    form["signature"] = signature.hexdigest()
    return form


def send_pipe(site: Site, rng: random.Random, said: list[str]) -> str:
    raw = mail(site, rng)
    recipient = rng.choice(site.mail_to)[1]
    said.append(f"pipe to {recipient}: {raw[:300]!r}")
    with mock.patch.object(sys, "stdin", mock.Mock(buffer=io.BytesIO(raw))):
        try:
            call_command("receive_mail", "--recipient", recipient, stdout=io.StringIO())
        except CommandError as error:
            return f"exit {error.returncode}"
    return "exit 0"


def short(data: dict[str, Any]) -> str:
    return repr(
        {name[:30]: [str(v)[:40] for v in values] for name, values in list(data.items())[:8]}
    )


SENDERS: dict[str, Callable[[Site, random.Random, list[str]], str]] = {
    "web form": send_form,
    "query string": send_query,
    "json api": send_api,
    "email by webhook": send_webhook,
    "email by pipe": send_pipe,
}
