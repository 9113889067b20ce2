"""CPU a request costs, by kind, without a profiler: what bench/web_load.py's
players ask, one request after another in one process, through Django's
whole stack but without a network.

    .venv/bin/python bench/web_cpu.py [--requests 1000] [--repeats 3]
        [--kinds game,check,map,submit,status] [--players 300]

Seeds the database bench/web_load.py uses (dropping it first: the same 300
players in seven-power games under way, signed in, their maps drawn), then
for each kind warms every one of 20 players' requests once and makes
--requests requests, --repeats times, printing the process's CPU time per
request each time (CPU, not wall: the database's own work is not counted,
the number of its round trips is) and the queries one request made. A kind
the code does not have (status.json before it existed) is said to answer
404 and skipped. Compare two commits by running this in a tree of each, one
after the other.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.web_load import PYTHON, environment, fresh_database, manage  # noqa: E402

KINDS = ("game", "check", "map", "submit", "status")
PLAYERS_ASKED = 20


def requests_by_kind(players: list[dict[str, Any]]) -> dict[str, Callable[[int], Any]]:
    """Each kind as a function of the request's number: whose it is rotates."""
    from django.test import Client

    seats = []
    for player in players[:PLAYERS_ASKED]:
        client = Client(HTTP_HOST="127.0.0.1")  # a host the bench's settings allow
        client.cookies["sessionid"] = player["session"]
        seats.append((client, f"/games/{player['game']}/", "\n".join(player["orders"])))

    def seat(number: int) -> tuple[Any, str, str]:
        return seats[number % len(seats)]

    def check(number: int) -> Any:
        client, base, orders = seat(number)
        body = json.dumps({"text": orders})
        return client.post(base + "orders/check/", body, content_type="application/json")

    def submit(number: int) -> Any:
        client, base, orders = seat(number)
        return client.post(base + "orders/", {"typed": orders})

    return {
        "game": lambda n: seat(n)[0].get(seat(n)[1]),
        "check": check,
        "map": lambda n: seat(n)[0].get(seat(n)[1] + "map.png"),
        "submit": submit,
        "status": lambda n: seat(n)[0].get("/games/status.json"),
    }


def measure(players_file: Path, kinds: list[str], count: int, repeats: int) -> None:
    """In a Django process: each kind's CPU per request and queries per request."""
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ask = requests_by_kind(json.loads(players_file.read_text()))
    for kind in kinds:
        answers = {ask[kind](number).status_code for number in range(PLAYERS_ASKED)}
        if answers - {200, 302}:
            print(f"{kind:<8} answers {sorted(answers)}: not measured")
            continue
        with CaptureQueriesContext(connection) as captured:
            ask[kind](0)
        queries = len(captured.captured_queries)
        figures = [cpu_per_request(ask[kind], count) for _ in range(repeats)]
        shown = ", ".join(f"{ms:.2f}" for ms in figures)
        print(f"{kind:<8} {shown} ms of CPU a request; {queries} queries")


def cpu_per_request(request: Callable[[int], Any], count: int) -> float:
    start = time.process_time()
    for number in range(count):
        request(number)
    return 1000 * (time.process_time() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    kinds = [kind for kind in args.kinds.split(",") if kind]
    if unknown := sorted(set(kinds) - set(KINDS)):
        parser.error(f"no such kind: {', '.join(unknown)} (kinds: {', '.join(KINDS)})")
    if args.measure:
        return measure(args.measure, kinds, args.requests, args.repeats)
    with tempfile.TemporaryDirectory(prefix="fogdip-web-cpu-") as folder:
        seed_and_measure(args, kinds, Path(folder))


def seed_and_measure(args: argparse.Namespace, kinds: list[str], folder: Path) -> None:
    # The bench measures the server's work, not the rate limit on order checks.
    env = environment(folder) | {"RATE_LIMIT_ORDER_CHECK": "1000000/m"}
    fresh_database()
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "collectstatic", "--noinput", "-v0")  # DEBUG off: pages name hashed files
    players = folder / "players.json"
    seeding = [PYTHON, str(ROOT / "bench" / "web_load.py"), f"--players={args.players}"]
    subprocess.run([*seeding, f"--seed-into={players}"], cwd=ROOT, env=env, check=True)
    command = [PYTHON, __file__, f"--measure={players}", f"--kinds={','.join(kinds)}"]
    command += [f"--requests={args.requests}", f"--repeats={args.repeats}"]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main()
