"""The two-world walk's GETs, timed by route: a pytest plugin.

    .venv/bin/python -m pytest tests/twoworlds -k dc2005 -q -p no:cacheprovider \
        -n 0 -p bench.walk_times -s

Every GET the walk makes (tests/twoworlds/receipts.py, ``ask``) is timed;
at the end it prints the GETs' count and wall time, then the routes that
cost most (numbers as N, tokens as TOKEN, one query parameter's name kept).
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from typing import Any

NUMBER = re.compile(r"\d+")
TOKEN = re.compile(r"/[A-Za-z0-9_-]{20,}")
SHOWN = 40
TIMES: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])


def route(url: str) -> str:
    path, _, query = url.partition("?")
    shape = TOKEN.sub("/TOKEN", NUMBER.sub("N", path))
    return f"{shape}?{query.split('=')[0]}" if query else shape


def pytest_configure(config: Any) -> None:
    from tests.twoworlds import receipts

    asked = receipts.ask

    def timed(client: Any, url: str) -> Any:
        start = time.perf_counter()
        try:
            return asked(client, url)
        finally:
            entry = TIMES[route(url)]
            entry[0] += 1
            entry[1] += time.perf_counter() - start

    receipts.ask = timed


def pytest_sessionfinish(session: Any) -> None:
    count = sum(int(entry[0]) for entry in TIMES.values())
    spent = sum(entry[1] for entry in TIMES.values())
    print(f"\nall GETs of the walk: {count} in {spent:.1f} s")
    costliest = sorted(TIMES.items(), key=lambda item: -item[1][1])[:SHOWN]
    for name, (asked, seconds) in costliest:
        print(f"{seconds:7.2f} s {int(asked):6d} {1000 * seconds / asked:6.1f} ms  {name}")
