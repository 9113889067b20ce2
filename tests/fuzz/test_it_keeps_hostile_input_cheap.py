"""bench/cost_fuzz.py's quick mode over a few roads (tests/fuzz/cost.py): costly
input (huge bodies, many fields, long lines, deep nesting, many orders and
recipients, giant headers) gets no 5xx, and no answer over the documented
bound (docs/security.md, "The cost budget of every road in"). Timings are the
bench's, not held here: this machine's load would make them flaky."""

from __future__ import annotations

import pytest

from tests.access.world import build_world
from tests.fuzz.cost import ANSWER_BOUND, run_roads
from tests.fuzz.roads import make_site

SEED = 20261129
ROADS = ("web forms", "battle pages", "json api", "email by webhook", "email by pipe")


@pytest.mark.django_db
def test_costly_input_gets_no_5xx_and_a_bounded_answer() -> None:
    results = run_roads(make_site(build_world()), ROADS, SEED, quick=True)
    assert all(len(figures.cpu) > 10 for figures in results.values()), results
    failures = [failure for figures in results.values() for failure in figures.failures]
    assert not failures, failures
    sizes = {road: figures.worst_size for road, figures in results.items()}
    assert all(size <= ANSWER_BOUND for size, _ in sizes.values()), sizes
