"""Hostile input by the hundred thousand: every reachable URL pattern over HTTP
(the JSON API's routes with play tokens), the order reader and every form
directly, and raw email by the handler, the pipe and the signed webhook (NUL
and control characters, nesting 3,000 deep, hundreds of parts and headers),
each drawn by hypothesis.

    .venv/bin/python bench/fuzz.py [--requests-per-pattern 300] \\
        [--direct-per-target 5000] [--seed 1]

Runs in a throw-away test database (SQLite unless DATABASE_URL says
otherwise). Prints the inputs tried per target and in all; any 500, refusal
without a reason or lost order stops the run with the falsifying example and
exit status 1.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.test.utils import (  # noqa: E402
    setup_databases,
    setup_test_environment,
    teardown_databases,
)

from tests.access.test_it_answers_every_url_for_every_persona import site_routes  # noqa: E402
from tests.access.world import PERSONAS, World, build_world  # noqa: E402
from tests.fuzz.api import api_routes, bearer, fuzz_api_route  # noqa: E402
from tests.fuzz.direct import run_seeded  # noqa: E402
from tests.fuzz.inputs import fuzz_route, routes_to_fuzz  # noqa: E402


def fuzz_http(world: World, per_pattern: int, seed: int) -> dict[str, int]:
    clients = {persona: world.client(persona) for persona in PERSONAS}
    routes = routes_to_fuzz(site_routes())
    return {f"http: {r.name}": fuzz_route(world, r, clients, per_pattern, seed) for r in routes}


def fuzz_api(world: World, per_route: int, seed: int) -> dict[str, int]:
    """Every /api/v1/ route with play tokens (last: the game master's may end the game)."""
    headers = bearer(world)
    return {
        f"http, by token: {r.name}": fuzz_api_route(world, r, headers, per_route, seed)
        for r in api_routes()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests-per-pattern", type=int, default=300)
    parser.add_argument("--direct-per-target", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    setup_test_environment()  # the test client's host, mail kept in memory
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Refusals (404, 405) are expected by the thousand; a 500 raises instead.
    logging.getLogger("django.request").setLevel(logging.ERROR)
    databases = setup_databases(verbosity=0, interactive=False)
    started = time.monotonic()
    try:
        counts = run_seeded(options.direct_per_target, options.seed)
        world = build_world()
        counts.update(fuzz_http(world, options.requests_per_pattern, options.seed))
        counts.update(fuzz_api(world, options.requests_per_pattern, options.seed))
    finally:
        teardown_databases(databases, verbosity=0)
    for target, count in counts.items():
        print(f"{count:>8}  {target}")
    http = sum(count for target, count in counts.items() if target.startswith("http"))
    elapsed = time.monotonic() - started
    print(f"{sum(counts.values()):>8}  inputs in all ({http} HTTP requests) in {elapsed:.0f} s:")
    print("          no 500, every refusal with a reason, no saved order lost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
