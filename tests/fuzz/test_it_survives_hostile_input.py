"""A seeded fuzz of every reachable URL pattern in one world: no 500, refusals
that say why, saved orders kept (tests/fuzz/inputs.py). bench/fuzz.py runs
the same requests by the ten thousand, and order text by the hundred thousand."""

from __future__ import annotations

import pytest

from tests.access.test_it_answers_every_url_for_every_persona import site_routes
from tests.access.world import PERSONAS, build_world
from tests.fuzz.direct import FORMS, run_seeded
from tests.fuzz.inputs import fuzz_route, routes_to_fuzz

ROUTES = routes_to_fuzz(site_routes())
EXAMPLES_PER_PATTERN = 8
SEED = 20261123


@pytest.mark.django_db
def test_it_survives_hostile_requests() -> None:
    world = build_world()
    clients = {persona: world.client(persona) for persona in PERSONAS}
    made = {
        route.name: fuzz_route(world, route, clients, EXAMPLES_PER_PATTERN, SEED)
        for route in ROUTES
    }
    assert all(count > 0 for count in made.values()), made


def test_it_fuzzes_every_pattern_someone_may_reach() -> None:
    names = {route.name for route in ROUTES}
    assert {"game_orders", "game_orders_check", "signup", "console_deadline"} <= names
    assert not names & {"dev-mailbox", "dev-mailbox-html", "dev-mailbox-reply", "dev-mail-preview"}


@pytest.mark.django_db
def test_it_reads_hostile_order_text_and_forms() -> None:
    counts = run_seeded(examples=60, seed_value=SEED)
    assert len(counts) == 7 + len(FORMS) and all(counts.values()), counts
