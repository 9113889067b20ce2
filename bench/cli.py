"""Speed of `python -m adjudication resolve`: JSON lines per second, end to end.

    .venv/bin/python bench/cli.py [--lines 3000] [--seed 1]

Writes random full-board movement phases (the same generator as
bench/engine.py) as JSON Lines, pipes them through the command in a child
process, and subtracts the time the command takes to start and read nothing,
so the figure is the steady rate "once started" on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudication.mapgraph import load_map  # noqa: E402
from adjudication.serialisation import position_to_step  # noqa: E402
from bench.engine import random_orders, random_position  # noqa: E402

COMMAND = [sys.executable, "-m", "adjudication", "resolve"]


def step_lines(count: int, seed: int) -> str:
    graph, rng = load_map(), random.Random(seed)
    lines = []
    for _ in range(count):
        position = random_position(graph, rng)
        step = {**position_to_step(position), "orders": random_orders(graph, position, rng)}
        lines.append(json.dumps(step))
    return "\n".join(lines) + "\n"


def seconds_to_run(stdin: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(COMMAND, input=stdin, capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"resolve failed: {done.stdout[-500:]}{done.stderr[-500:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    stdin = step_lines(args.lines, args.seed)
    startup = min(seconds_to_run("") for _ in range(3))
    total = seconds_to_run(stdin)
    rate = args.lines / (total - startup)
    print(
        f"{args.lines} lines in {total:.2f}s, of which {startup:.2f}s starting up: "
        f"{rate:,.0f} lines per second once started"
    )


if __name__ == "__main__":
    main()
