"""Quick password hashing: every world makes eight accounts. And the longest
tests first, so that parallel workers finish together."""

from __future__ import annotations

from typing import Any

import pytest

from tests.twoworlds.world import TICK

# A world's cost in ticks: its walk of pages costs about as much as twenty.
WALK_IN_TICKS = 20


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """pytest-xdist hands each worker the next test as it finishes one: with
    the longest first, the last to run are short, and both cores finish
    together (a group of eleven worlds left to the end kept one core busy
    alone for its whole length). Only the two-world tests move, among the
    places they had; the others keep theirs."""
    places = [n for n, item in enumerate(items) if expected_cost(item)]
    longest_first = sorted((items[n] for n in places), key=expected_cost, reverse=True)
    for n, item in zip(places, longest_first, strict=True):
        items[n] = item


def expected_cost(item: pytest.Item) -> int:
    """The test's worlds, each its ticks and its walk; 0 for any other test."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    if "group" in params:
        group = params["group"]
        hours = [group[0].hours] + [entry.hours for entry in group for _ in range(2)]
    elif "variation" in params:
        hours = [params["variation"].hours] * 3
    else:
        return 0
    return sum(int(h * 3600 / TICK.total_seconds()) + 1 + WALK_IN_TICKS for h in hours)
