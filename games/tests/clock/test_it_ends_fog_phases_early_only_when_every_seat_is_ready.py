"""The early end of a fog game waits for every seat not open to a newcomer:
an eliminated power's seat too, so that six powers saying "ready" end the
phase no sooner when the seventh is off the board than when it is on it
(docs/fog.md, "Over the whole timeline")."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.tests.clock.timeline import START, World
from tests.twoworlds.clock import Clock

pytestmark = pytest.mark.django_db
SIX = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA")


def ready_world(suffix: str, turkey_eliminated: bool) -> World:
    world = World(suffix)
    if turkey_eliminated:
        world.eliminate_turkey()
    world.hold(*world.players)
    world.play_out(1)
    world.ready(*SIX)
    world.sweep_soon(10)  # past the ready delay, long before the deadline
    world.play_out(2)
    return world


def test_an_eliminated_power_does_not_hurry_the_results() -> None:
    # Both worlds on one frozen clock: played one after the other on the real
    # one, a minute could turn between them and change a time on the page.
    with Clock(START - timedelta(hours=1)).frozen():
        out = ready_world("a", True)
    with Clock(START - timedelta(hours=1)).frozen():
        alive = ready_world("b", False)
    assert out.game.seats.get(power="TURKEY").status == "eliminated"
    assert alive.game.seats.get(power="TURKEY").status == "active"
    assert out.noted == alive.noted


def test_the_last_seat_ready_ends_the_phase_early() -> None:
    world = World("c")
    world.eliminate_turkey()
    world.hold(*world.players)
    world.play_out(1)
    world.ready(*SIX, "TURKEY")
    world.sweep_soon(10)
    assert world.game.phases.get(ordinal=2).adjudicated is not None
