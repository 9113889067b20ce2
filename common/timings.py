"""How long adjudications and sends take, recorded where they run.

The work runs in worker processes on any host, and /metrics/ is served by
the web: each process adds what it measured to counters in the shared cache
(Redis in production, CACHE_URL), and the endpoint reads them all in one
round trip. A histogram is kept as its sum in microseconds and one counter
per bucket (not cumulative, so an observation adds to one bucket only);
`read` makes Prometheus's cumulative buckets, the last of which is the count. The counters never
expire; a Redis restart resets them, which Prometheus takes as a counter
reset. (The file cache `make run` uses counts per machine, without atomic
increments, and forgets a counter left alone five minutes.)
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.core.cache import cache

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Histogram:
    name: str
    help: str
    buckets: tuple[float, ...]  # upper bounds, in seconds, ascending


ADJUDICATION = Histogram(
    "fogdip_adjudication_seconds",
    "Time to adjudicate one phase: rules, fog, records and its email queued.",
    (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0),
)
EMAIL_SEND = Histogram(
    "fogdip_email_send_seconds",
    "Time to build and hand over one outbox message, its map included.",
    (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
HISTOGRAMS = (ADJUDICATION, EMAIL_SEND)


def key(histogram: Histogram, part: str) -> str:
    return f"metrics:{histogram.name}:{part}"


def bucket_index(histogram: Histogram, seconds: float) -> int:
    """The first bucket the value fits; len(buckets) is +Inf."""
    return next(
        (i for i, bound in enumerate(histogram.buckets) if seconds <= bound), len(histogram.buckets)
    )


def add(histogram: Histogram, observations: list[float]) -> None:
    """Adds a task's observations with one increment per counter touched."""
    if not observations:
        return
    per_bucket = Counter(bucket_index(histogram, seconds) for seconds in observations)
    increments = {f"bucket:{i}": n for i, n in per_bucket.items()}
    increments["sum_us"] = round(sum(observations) * 1_000_000)
    try:
        for part, delta in increments.items():
            _increment(key(histogram, part), delta)
    except Exception:  # the work is done; a cache that is down must not undo it
        logger.exception("metrics: %s not recorded", histogram.name)


def _increment(name: str, delta: int) -> None:
    """One round trip once the counter exists; the first adds it, and a
    process that loses that race to another increments the winner's."""
    try:
        cache.incr(name, delta)
    except ValueError:  # not there yet
        if not cache.add(name, delta, timeout=None):
            cache.incr(name, delta)


class Stopwatch:
    """Collects one task's durations, added to the cache once at its end."""

    def __init__(self) -> None:
        self.observations: list[float] = []

    def since(self, started: float) -> None:
        """Records the time since `started`, a time.perf_counter() reading."""
        self.observations.append(time.perf_counter() - started)


@contextmanager
def timed(histogram: Histogram) -> Iterator[Stopwatch]:
    watch = Stopwatch()
    try:
        yield watch
    finally:
        add(histogram, watch.observations)


@dataclass(frozen=True)
class Reading:
    histogram: Histogram
    cumulative: list[tuple[str, int]]  # (upper bound, count at or below it), +Inf last
    total_seconds: float


def read() -> list[Reading]:
    names = [key(h, part) for h in HISTOGRAMS for part in parts(h)]
    values = cache.get_many(names)
    return [reading(h, values) for h in HISTOGRAMS]


def parts(histogram: Histogram) -> list[str]:
    bucket_parts = [f"bucket:{i}" for i in range(len(histogram.buckets) + 1)]
    return [*bucket_parts, "sum_us"]


def reading(histogram: Histogram, values: dict[str, int]) -> Reading:
    bounds = [*map(str, histogram.buckets), "+Inf"]
    running, cumulative = 0, []
    for i, bound in enumerate(bounds):
        running += values.get(key(histogram, f"bucket:{i}"), 0)
        cumulative.append((bound, running))
    total = values.get(key(histogram, "sum_us"), 0) / 1_000_000
    return Reading(histogram, cumulative, total)
