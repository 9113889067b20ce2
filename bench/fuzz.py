"""Hostile input by the hundred thousand, by every road it comes in by: the web's
forms, query strings, the JSON API with a play token, and email by the signed
webhook and by the pipe (tests/fuzz/roads.py), in hostile shapes (NUL and
control characters, MIME nested 3,000 deep, hundreds of parts and headers,
100,000-character lines, bad encodings, huge numbers, look-alike letters:
tests/fuzz/shapes.py).

    .venv/bin/python bench/fuzz.py --inputs 100000 [--seed 1] [--only N] [--first K]

Input N of a run is drawn from the seed "<seed>:<N>" alone and meets the same
world (each runs in a transaction rolled back afterwards), so ``--only N``
makes it again, and ``--first K`` starts a run at input K: one run of a seed
may be shared between processes (inputs 0 to 49,999 in one, ``--first
50000`` in another: the same inputs as one run of 100,000). Runs in a
throw-away test database (SQLite unless DATABASE_URL says otherwise).
Prints the answers by road and status, the rate, and each failure (a 5xx or
an exception) with its seed; exit status 1 if there was any.
``--direct-per-target`` also runs the order reader and the forms directly
(hypothesis, tests/fuzz/direct.py).
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
from tests.fuzz.direct import run_seeded  # noqa: E402
from tests.fuzz.roads import ROADS, Tally, fuzz, make_site  # noqa: E402

BLOCK = 1000  # inputs between progress lines (and checks of --minutes)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, help="make input N of the run again, alone")
    parser.add_argument("--first", type=int, default=0, help="the first input of this run")
    parser.add_argument(
        "--minutes", type=float, help="stop after the block running when this much time is up"
    )
    parser.add_argument("--direct-per-target", type=int, default=0)
    return parser.parse_args()


def run(options: argparse.Namespace, tally: Tally) -> None:
    site = make_site(build_world())
    if options.only is not None:
        fuzz(site, options.seed, range(options.only, options.only + 1), tally)
        return
    started, first = time.monotonic(), options.first
    end = first + options.inputs
    for start in range(first, end, BLOCK):
        fuzz(site, options.seed, range(start, min(start + BLOCK, end)), tally)
        done, spent = min(start + BLOCK, end) - first, time.monotonic() - started
        print(f"  {done} inputs, {done / spent:.1f}/s, {len(tally.failures)} failures", flush=True)
        if options.minutes and spent > options.minutes * 60:
            print(f"  time is up: inputs {first} to {first + done - 1} ran", flush=True)
            return


def report(tally: Tally, elapsed: float, direct: dict[str, int]) -> None:
    print(f"database: {connection.vendor}")
    for road in ROADS:
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.get(road, {}).items()))
        each = 1000 * tally.seconds.get(road, 0.0) / max(tally.inputs(road), 1)
        slowest, seed = tally.slowest.get(road, (0.0, ""))
        print(f"{tally.inputs(road):>8}  {road}  ({statuses}; {each:.0f} ms each)")
        print(f"          the slowest: {slowest:.2f} s, seed {seed}")
    for target, count in direct.items():
        print(f"{count:>8}  direct: {target}")
    total = sum(tally.inputs(road) for road in ROADS)
    print(f"{total:>8}  inputs by the roads in {elapsed:.0f} s ({total / elapsed:.1f}/s)")
    for failure in tally.failures:
        print(f"\nFAILURE by {failure.road}, seed {failure.seed}: {failure.why}\n  {failure.what}")
    print(f"\n{len(tally.failures)} failures (5xx or exception)")


def main() -> int:
    options = arguments()
    setup_test_environment()  # the test client's host, mail kept in memory
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Refusals are expected by the thousand, and a 500 is counted here, not logged.
    logging.getLogger("django.request").setLevel(logging.CRITICAL)
    logging.getLogger("django.security").setLevel(logging.CRITICAL)
    logging.getLogger("games").setLevel(logging.WARNING)  # a line per handled email
    warnings.filterwarnings("ignore", message="No directory at")  # static files: not served here
    databases = setup_databases(verbosity=0, interactive=False)
    tally, direct = Tally(), {}
    started = time.monotonic()
    try:
        run(options, tally)
        if options.direct_per_target:
            direct = run_seeded(options.direct_per_target, options.seed)
    finally:
        elapsed = time.monotonic() - started
        teardown_databases(databases, verbosity=0)
    report(tally, elapsed, direct)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
