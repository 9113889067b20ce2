"""Two worlds from one start: the game is built once, then each world plays
its script from that start in a savepoint that is rolled back, on the same
clock, and what the viewer received in each is returned."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.db import transaction

from tests.twoworlds.clock import Clock
from tests.twoworlds.receipts import Receipt
from tests.twoworlds.world import World, build

# A world is a World or a BattleWorld: anything with ``fresh()`` and a clock.
Script = Callable[[Any], None]
Read = Callable[[Any], list[Receipt]]


def worlds(
    build_world: Callable[[Clock], Any],
    scripts: tuple[Script, ...],
    read: Read | tuple[Read, ...],
) -> list[list[Receipt]]:
    """What the viewer received in each world, one world per script, each
    read by ``read`` (or by its own, given one reader per script, in order)."""
    reads = read if isinstance(read, tuple) else (read,) * len(scripts)
    with transaction.atomic(), quiet_requests():
        clock = Clock()
        with clock.frozen():
            start = build_world(clock)
            started_at = clock.now
            got = []
            for script, reader in zip(scripts, reads, strict=True):
                got.append(_play(start, started_at, script, reader))
        transaction.set_rollback(True)
    return got


@contextmanager
def quiet_requests() -> Iterator[None]:
    """The walk asks for hundreds of pages the viewer may not see; their
    refusals are answers to compare, not warnings to log."""
    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _play(start: Any, started_at: datetime, script: Script, read: Read) -> list[Receipt]:
    with transaction.atomic():
        start.clock.now = started_at
        cache.clear()
        world = start.fresh()
        script(world)
        got = read(world)
        transaction.set_rollback(True)
    return got


def game_builder(preset: str, **settings: object) -> Callable[[Clock], World]:
    return lambda clock: build(preset, clock, **settings)
