"""The worlds of one test play their first ticks once (world.shared_ticks):
only the ticks before any world's own step, and never past a world's end.
The longest tests go first (conftest.py), and only they change places."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from typing import Any

from tests.twoworlds import conftest
from tests.twoworlds.catalogue import CATALOGUE, sharing_a_base
from tests.twoworlds.world import World, shared_ticks


def noop(world: World) -> None:
    return None


HOUR = timedelta(hours=1)


def test_the_ticks_before_the_first_step_of_any_world_are_shared() -> None:
    scripts = [(HOUR, {}), (HOUR, {2: [noop]}), (HOUR, {3: [noop], 1: [noop]})]
    assert shared_ticks(scripts) == 1


def test_a_step_at_the_start_shares_nothing() -> None:
    assert shared_ticks([(HOUR, {}), (HOUR, {0: [noop]})]) == 0


def test_a_tick_with_no_step_due_is_no_step() -> None:
    assert shared_ticks([(HOUR, {0: [], 2: [noop]})]) == 2


def test_no_world_is_played_past_its_end() -> None:
    # an hour is ticks 0 to 4; a half hour 0 to 2
    assert shared_ticks([(HOUR / 2, {}), (HOUR, {})]) == 3


def item(**params: object) -> Any:
    return SimpleNamespace(callspec=SimpleNamespace(params=params))


def test_the_longest_tests_go_first_in_their_own_places() -> None:
    groups = sharing_a_base(CATALOGUE)
    small, large = min(groups, key=len), max(groups, key=len)
    other: Any = SimpleNamespace(name="not a two-world test")
    items = [other, item(group=small), other, item(group=large)]
    conftest.pytest_collection_modifyitems(items)
    assert items[0] is other and items[2] is other
    assert items[1].callspec.params["group"] is large
    assert items[3].callspec.params["group"] is small
