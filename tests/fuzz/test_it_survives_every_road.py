"""A seeded handful of bench/fuzz.py's inputs, by every road (web forms, query
strings, the JSON API by token, email by webhook and by pipe; tests/fuzz/roads.py):
no 5xx, no exception. The bench runs the same inputs by the hundred thousand."""

from __future__ import annotations

import random

import pytest

from tests.access.world import build_world
from tests.fuzz import shapes
from tests.fuzz.roads import ROADS, Tally, fuzz, make_site

SEED = 20261128
INPUTS = 120


@pytest.mark.django_db
def test_it_survives_hostile_input_by_every_road() -> None:
    tally = fuzz(make_site(build_world()), SEED, range(INPUTS), Tally())
    assert not tally.failures, tally.failures
    assert all(tally.inputs(road) > 5 for road in ROADS), tally.statuses


def test_the_same_seed_makes_the_same_input() -> None:
    first = [shapes.email(random.Random(f"1:{n}"), "a@b", "c@d") for n in range(20)]
    again = [shapes.email(random.Random(f"1:{n}"), "a@b", "c@d") for n in range(20)]
    assert first == again and len(set(first)) > 15
