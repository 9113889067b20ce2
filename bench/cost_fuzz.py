"""The cost of hostile input, road by road: every web form and page of each
persona, the JSON API's routes, the battle pages, and inbound email by the
provider's webhook, by the worker that reads what it recorded, and by the
pipe, each given inputs chosen to cost far more than they cost to send
(tests/fuzz/costly.py: huge bodies, many fields, long lines, deep nesting,
many orders, unicode, many recipients, giant headers, slow order text).

    .venv/bin/python bench/cost_fuzz.py [--seed 1] [--quick] [--roads "json api,email by pipe"]

Runs in a throw-away test database (SQLite unless DATABASE_URL says
otherwise) holding the access matrix's world (tests/access/world.py). For
each road prints the requests sent, the worst and p95 server time (the
process's CPU time: the test client runs the site in this process; wall time
beside it), the worst answer's size and the input that made it, and the
slowest input. Any 5xx, exception or pipe exit 1 is a failure: listed, and
the exit status is 1. ``--quick`` sends two shapes a route, drawn by the
seed, at a twentieth of the full sizes.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import (  # noqa: E402
    setup_databases,
    setup_test_environment,
    teardown_databases,
)

from tests.access.world import build_world  # noqa: E402
from tests.fuzz.cost import ANSWER_BOUND, ROADS, Figures, run_roads  # noqa: E402
from tests.fuzz.roads import make_site  # noqa: E402


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="two shapes a route, small sizes")
    parser.add_argument("--roads", default=",".join(ROADS), help="a comma-separated list")
    options = parser.parse_args()
    options.roads = tuple(road.strip() for road in options.roads.split(",") if road.strip())
    if unknown := sorted(set(options.roads) - set(ROADS)):
        parser.error(f"no such road: {', '.join(unknown)} (roads: {', '.join(ROADS)})")
    return options


def report(results: dict[str, Figures], elapsed: float) -> int:
    print(f"database: {connection.vendor}; {elapsed:.0f} s in all; times in ms")
    print(
        f"{'road':<20} {'sent':>5} {'cpu worst':>9} {'cpu p95':>8} {'wall worst':>10}"
        f" {'wall p95':>8} {'worst answer':>12}  5xx"
    )
    for road, figures in results.items():
        print(
            f"{road:<20} {len(figures.cpu):>5} {1000 * max(figures.cpu, default=0):>9.0f}"
            f" {1000 * figures.p95(figures.cpu):>8.0f} {1000 * max(figures.wall, default=0):>10.0f}"
            f" {1000 * figures.p95(figures.wall):>8.0f} {figures.worst_size[0]:>12,}"
            f"  {len(figures.failures)}"
        )
    for road, figures in results.items():
        answers = ", ".join(f"{status}: {n}" for status, n in sorted(figures.statuses.items()))
        print(f"\n{road}: answers {answers}")
        print(f"{road}: the slowest, {figures.slowest[0]:.3f} s of CPU: {figures.slowest[1]}")
        size, label = figures.worst_size
        print(f"{road}: the largest answer, {size:,} bytes: {label}")
        for failure in figures.failures:
            print(f"  FAILURE {failure}")
    over = [r for r, f in results.items() if f.worst_size[0] > ANSWER_BOUND]
    failures = sum(len(f.failures) for f in results.values())
    print(
        f"\n{failures} failures (5xx, exception, exit 1); answers over {ANSWER_BOUND:,} bytes: "
        f"{', '.join(over) or 'none'}"
    )
    return 1 if failures else 0


def main() -> int:
    options = arguments()
    setup_test_environment()  # the test client's host, mail kept in memory
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Refusals are expected by the hundred, and a 500 is counted here, not logged.
    for name in ("django.request", "django.security"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    for name in ("games", "postoffice", "battles", "api", "axes"):
        logging.getLogger(name).setLevel(logging.ERROR)  # a line per email, sign-in, refusal
    warnings.filterwarnings("ignore", message="No directory at")  # static files: not served here
    databases = setup_databases(verbosity=0, interactive=False)
    started = time.monotonic()
    try:
        results = run_roads(make_site(build_world()), options.roads, options.seed, options.quick)
    finally:
        teardown_databases(databases, verbosity=0)
    return report(results, time.monotonic() - started)


if __name__ == "__main__":
    sys.exit(main())
