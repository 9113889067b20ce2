"""The fault scenarios, many times over, against the real PostgreSQL and Redis.

    DATABASE_URL=postgres://... CELERY_BROKER_URL=redis://... \\
        .venv/bin/python bench/faults.py [--runs 5] [--only "kill while sending"]

Each run plays every scenario of tests/faults/scenarios.py once (real
`celery worker` processes, SIGKILLs, duplicate tasks, pg_terminate_backend,
provider timeouts and 5xx) in a throw-away test database, then prints, per
scenario, the runs, the faults injected and the outcomes counted: phases
adjudicated, adjudications beyond the first, orders lost, emails, emails
accepted twice or never. Exits 1 if any run broke a promise.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

import django

django.setup()

from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from tests.faults.harness import Faults  # noqa: E402
from tests.faults.scenarios import SCENARIOS  # noqa: E402


def run_scenario(name: str, run: int, totals: Counter[str]) -> bool:
    with tempfile.TemporaryDirectory(prefix="fogdip-faults-") as directory:
        faults = Faults(Path(directory))
        try:
            SCENARIOS[name](faults, run)
            kept = True
        except AssertionError:
            traceback.print_exc()
            kept = False
        finally:
            faults.stop_all()
        totals.update(faults.figures)
        return kept


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=sorted(SCENARIOS))
    options = parser.parse_args()
    names = [options.only] if options.only else sorted(SCENARIOS)
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        print("bench/faults.py needs DATABASE_URL=postgres://... and CELERY_BROKER_URL=redis://...")
        return 2
    databases = setup_databases(verbosity=0, interactive=False)
    broken = 0
    serial = itertools.count(1)
    started = time.monotonic()
    try:
        for name in names:
            totals: Counter[str] = Counter()
            # Each run's game needs its own user names: number them across scenarios.
            serials = [next(serial) for _ in range(options.runs)]
            kept = sum(run_scenario(name, run, totals) for run in serials)
            broken += options.runs - kept
            print(f"{name}: {kept}/{options.runs} runs kept every promise")
            for figure, value in sorted(totals.items()):
                print(f"    {figure}: {value}")
    finally:
        teardown_databases(databases, verbosity=0)
    elapsed = time.monotonic() - started
    print(f"{len(names) * options.runs} runs in {elapsed:.0f} s, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
