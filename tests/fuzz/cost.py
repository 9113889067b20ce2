"""The cost of hostile input by every road in: each costly shape
(tests/fuzz/costly.py) sent by each road, its server time and answer size
measured (bench/cost_fuzz.py prints them; tests/fuzz/test_it_keeps_hostile_input_cheap.py
holds the sizes and the absence of 5xx).

Roads: the web's POST forms and the query strings of every page some persona
may open (tests/fuzz/roads.py's site), the battle pages (their forms and
query strings, apart), the JSON API's routes with a play token, and email by
the signed inbound webhook (the request), by the worker that then reads what
the webhook recorded, and by the pipe. Each input runs in a transaction
rolled back afterwards, the cache emptied, so every input meets the same
world. Time is the process's CPU time (the test client runs the site in this
process) and wall time; an answer's size is its body's bytes (the worker's and
the pipe's: the largest email they send back).
"""

from __future__ import annotations

import io
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from unittest import mock

from django.core import mail
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import Client
from django.test.utils import override_settings

from api.tests.test_it_answers_every_route_for_every_persona import posts
from postoffice.inbound.models import ReceivedMail
from postoffice.inbound.waiting import handle_received_mail
from postoffice.models import OutboxMessage
from postoffice.sending import send_message
from tests.access.routes import Route
from tests.fuzz import costly
from tests.fuzz.api import method_of
from tests.fuzz.inputs import who_asks
from tests.fuzz.roads import WEBHOOK, WEBHOOK_KEY, Site, signed_form

ROADS = (
    "web forms",
    "query strings",
    "battle pages",
    "json api",
    "email by webhook",
    "email in the worker",
    "email by pipe",
)
ANSWER_BOUND = 100 * 1024  # bytes: the most any answer may carry (docs/security.md)
QUICK_SCALE = 0.05  # the quick mode's sizes, against the full run's


@dataclass
class Answer:
    status: str  # the HTTP status; "exit N" for the pipe; the worker's "read"; "exception (...)"
    size: int


@dataclass
class Figures:
    """One road's requests: CPU and wall seconds, sizes, and what failed."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    worst_size: tuple[int, str] = (0, "")
    slowest: tuple[float, str] = (0.0, "")  # CPU seconds, and what was sent
    failures: list[str] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)

    def add(self, label: str, answer: Answer, cpu: float, wall: float) -> None:
        self.statuses[answer.status.split(" (")[0]] += 1
        self.cpu.append(cpu)
        self.wall.append(wall)
        self.worst_size = max(self.worst_size, (answer.size, label))
        self.slowest = max(self.slowest, (cpu, label))
        if answer.status.startswith(("5", "exception")) or answer.status == "exit 1":
            self.failures.append(f"{label}: {answer.status}")

    def p95(self, times: list[float]) -> float:
        ordered = sorted(times)
        return ordered[min(int(0.95 * len(ordered)), len(ordered) - 1)] if ordered else 0.0


Send = Callable[[], Answer]


def measure(road: str, plan: list[tuple[str, Send]], figures: Figures) -> Figures:
    """Each input of ``plan`` sent once, in a transaction rolled back after it."""
    with override_settings(
        INBOUND_EMAIL_PROVIDER="mailgun", ANYMAIL={"MAILGUN_WEBHOOK_SIGNING_KEY": WEBHOOK_KEY}
    ):
        for label, send in plan:
            figures.add(label, *timed(send))
    return figures


def timed(send: Send) -> tuple[Answer, float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        with transaction.atomic():
            answer = send()
            transaction.set_rollback(True)
    except Exception as error:  # anything out of the site is a failure, reported with its input
        answer = Answer(f"exception ({type(error).__name__}: {str(error)[:200]})", 0)
    finally:
        cache.clear()  # rate limits and one-time webhook tokens start afresh
    return answer, time.process_time() - cpu, time.perf_counter() - wall


def size_of(response: Any) -> int:
    if getattr(response, "streaming", False):
        return sum(len(chunk) for chunk in response.streaming_content)
    return len(response.content)


def answered(response: Any) -> Answer:
    return Answer(str(response.status_code), size_of(response))


def posted(client: Client, url: str, data: dict[str, Any]) -> Answer:
    return answered(client.post(url, data))


def posted_json(client: Client, url: str, body: Any, headers: dict[str, str]) -> Answer:
    return answered(client.post(url, body, content_type="application/json", headers=headers))


def got(client: Client, url: str, headers: dict[str, str]) -> Answer:
    return answered(client.get(url, headers=headers))


def picked(shapes: dict[str, Any], rng: random.Random, quick: bool) -> list[str]:
    """Every shape in a full run; two drawn by the seed in the quick mode."""
    names = sorted(shapes)
    return rng.sample(names, min(2, len(names))) if quick else names


def is_battle(route: Route) -> bool:
    return "battle" in route.name


def form_plan(site: Site, routes: list[Route], rng: random.Random, quick: bool) -> list[Any]:
    scale, shapes, plan = QUICK_SCALE if quick else 1.0, costly.form_shapes(), []
    for route in routes:
        persona = who_asks(route, "POST")
        url, client = route.url(site.world.url_values(persona)), site.clients[persona]
        for name in picked(shapes, rng, quick):
            send = partial(posted, client, url, shapes[name](rng, scale))
            plan.append((f"POST {route.name} as {persona}: {name}", send))
    return plan


def query_plan(site: Site, routes: list[Route], rng: random.Random, quick: bool) -> list[Any]:
    scale, shapes, plan = QUICK_SCALE if quick else 1.0, costly.query_shapes(), []
    for route in routes:
        persona = who_asks(route, "GET")
        url, client = route.url(site.world.url_values(persona)), site.clients[persona]
        for name in picked(shapes, rng, quick):
            send = partial(got, client, f"{url}?{shapes[name](rng, scale)}", {})
            plan.append((f"GET {route.name} as {persona}: {name}", send))
    return plan


def api_plan(site: Site, rng: random.Random, quick: bool) -> list[Any]:
    scale, bodies, plan = QUICK_SCALE if quick else 1.0, posts(), []
    for route in site.api:
        persona = "game_master" if "/console/" in route.route else "own_player"
        url, headers = route.url(site.world.url_values(persona)), site.tokens[persona]
        if method_of(route) == "GET":
            shapes: dict[str, Any] = costly.query_shapes()
            for name in picked(shapes, rng, quick):
                send = partial(got, site.bare, f"{url}?{shapes[name](rng, scale)}", headers)
                plan.append((f"GET {route.name}: {name}", send))
            continue
        shapes = costly.api_shapes(bodies[route.name.split(":")[1]][0])
        for name in picked(shapes, rng, quick):
            send = partial(posted_json, site.bare, url, shapes[name](rng, scale), headers)
            plan.append((f"POST {route.name}: {name}", send))
    return plan


def mail_plan(site: Site, rng: random.Random, quick: bool, by: Callable[..., Answer]) -> list[Any]:
    """Every costly message to each reply address (one drawn by the seed in the quick mode)."""
    scale, shapes, plan = QUICK_SCALE if quick else 1.0, costly.email_shapes(), []
    targets = [rng.choice(site.mail_to)] if quick else site.mail_to
    for sender, to in targets:
        for name in sorted(shapes):
            raw = shapes[name](rng, scale, sender, to)
            plan.append((f"mail to {to}: {name}", partial(by, site, raw, to)))
    return plan


def by_webhook(site: Site, raw: bytes, to: str) -> Answer:
    return answered(site.bare.post(WEBHOOK, signed_form(raw, random.Random(raw[:64]))))


def by_worker(site: Site, raw: bytes, to: str) -> Answer:
    """The webhook's post first (not counted apart here), then the worker's read
    of it; the answer is the largest email it sends back."""
    by_webhook(site, raw, to)
    recorded = ReceivedMail.objects.values_list("pk", flat=True)
    outcomes = [handle_received_mail(pk) for pk in recorded]
    status = "read" if outcomes else "refused in the request, not queued"
    return Answer(status, largest_mail_back())


def by_pipe(site: Site, raw: bytes, to: str) -> Answer:
    """The pipe's exit status; the answer is the largest email it sends back."""
    said = io.StringIO()
    with mock.patch.object(sys, "stdin", mock.Mock(buffer=io.BytesIO(raw))):
        try:
            call_command("receive_mail", "--recipient", to, stdout=said, stderr=said)
        except CommandError as error:
            return Answer(f"exit {error.returncode}", largest_mail_back())
    return Answer("exit 0", largest_mail_back())


def largest_mail_back() -> int:
    """Answers queued in the outbox sent now (the transaction never commits,
    so no task would), then the largest email sent, in bytes; none is 0."""
    for pk in OutboxMessage.objects.filter(kind=OutboxMessage.Kind.ANSWER).values_list(
        "pk", flat=True
    ):
        send_message(pk)
    sent = [len(message.message().as_bytes()) for message in mail.outbox]
    mail.outbox.clear()
    return max(sent, default=0)


def plan_for(site: Site, road: str, rng: random.Random, quick: bool) -> list[tuple[str, Send]]:
    if road == "web forms":
        return form_plan(site, [r for r in site.forms if not is_battle(r)], rng, quick)
    if road == "query strings":
        return query_plan(site, [r for r in site.pages if not is_battle(r)], rng, quick)
    if road == "battle pages":
        forms = form_plan(site, [r for r in site.forms if is_battle(r)], rng, quick)
        return forms + query_plan(site, [r for r in site.pages if is_battle(r)], rng, quick)
    if road == "json api":
        return api_plan(site, rng, quick)
    senders = {"email by webhook": by_webhook, "email in the worker": by_worker}
    return mail_plan(site, rng, quick, senders.get(road, by_pipe))


def run_roads(site: Site, roads: tuple[str, ...], seed: int, quick: bool) -> dict[str, Figures]:
    """Each road's plan (drawn from ``seed``), sent and measured."""
    return {
        road: measure(road, plan_for(site, road, random.Random(f"{seed}:{road}"), quick), Figures())
        for road in roads
    }
