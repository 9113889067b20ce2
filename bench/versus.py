"""Our command line against the `diplomacy` package on the same movement phases.

    .venv/bin/pip install -r requirements-bench.txt    # once: diplomacy 1.1.2
    .venv/bin/python bench/versus.py [--phases 2000] [--rounds 5] [--seed 1]

Ours: every phase as one JSON line through `python -m adjudication resolve`
in a child process, started afresh each round, so the process start-up,
reading the JSON and writing the answers are all counted.  Theirs: the same
phases adjudicated in this process by `diplomacy` (a DATC-compliant Python
engine), one reused `Game` loaded with the units and orders of each phase
and processed - its fastest use that we found (a new `Game` per phase is
slower), with no JSON or start-up counted for it.

The two run in turn, round after round, so the load of the machine falls on
both alike.  Rates are phases per second of CPU time (the child's CPU for
ours), with wall-clock rates beside them; the figures are the medians of
the rounds.  Both engines' boards after each phase are compared and the
number that agree is printed (they differ only where the two follow
different DATC choices).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.cli import step_lines  # noqa: E402

COMMAND = [sys.executable, "-m", "adjudication", "resolve"]


def load_diplomacy() -> Any:
    try:
        return importlib.import_module("diplomacy")
    except ImportError:
        raise SystemExit(
            "the diplomacy package is missing: .venv/bin/pip install -r requirements-bench.txt"
        ) from None


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_ours(stdin: str) -> tuple[float, float, list[dict[str, Any]]]:
    """(CPU seconds, wall seconds, answers) of one run of the command."""
    cpu, wall = children_cpu(), time.perf_counter()
    done = subprocess.run(COMMAND, input=stdin, capture_output=True, text=True, cwd=ROOT)
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"resolve failed: {done.stdout[-500:]}{done.stderr[-500:]}")
    return cpu, wall, [json.loads(line) for line in done.stdout.splitlines()]


def run_theirs(game: Any, steps: list[dict[str, Any]]) -> tuple[float, float, list[Any]]:
    """(CPU seconds, wall seconds, boards after) of `diplomacy` on the steps."""
    boards = []
    cpu, wall = time.process_time(), time.perf_counter()
    for step in steps:
        game.set_current_phase(step["phase"])
        game.clear_units()
        for power, units in step["units"].items():
            game.set_units(power, units, reset=True)
        for power, orders in step["orders"].items():
            game.set_orders(power, orders)
        game.process()
        boards.append({power: game.get_units(power) for power in step["units"]})
    return time.process_time() - cpu, time.perf_counter() - wall, boards


def agreeing(answers: list[dict[str, Any]], boards: list[Any]) -> int:
    """Phases after which both engines have the same units on the board."""
    same = 0
    for answer, board in zip(answers, boards, strict=True):
        theirs = {
            power: sorted(u for u in units if not u.startswith("*"))
            for power, units in board.items()
        }
        ours = {power: sorted(answer["units"].get(power, [])) for power in board}
        same += ours == theirs
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phases", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    diplomacy = load_diplomacy()
    load_before = os.getloadavg()[0]
    stdin = step_lines(args.phases, args.seed)
    steps = [json.loads(line) for line in stdin.splitlines()]
    game = diplomacy.Game()
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for _ in range(args.rounds):
        cpu, wall, answers = run_ours(stdin)
        ours.append((cpu, wall))
        cpu, wall, boards = run_theirs(game, steps)
        theirs.append((cpu, wall))
    print(f"load average (1 min): {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
    report(args, ours, theirs, agreeing(answers, boards), importlib.metadata.version("diplomacy"))


def report(
    args: argparse.Namespace,
    ours: list[tuple[float, float]],
    theirs: list[tuple[float, float]],
    same: int,
    version: str,
) -> None:
    def rates(runs: list[tuple[float, float]]) -> tuple[float, float]:
        return (
            args.phases / statistics.median(cpu for cpu, _ in runs),
            args.phases / statistics.median(wall for _, wall in runs),
        )

    (our_cpu, our_wall), (their_cpu, their_wall) = rates(ours), rates(theirs)
    print(f"{args.phases} random 34-unit movement phases, {args.rounds} rounds (medians)")
    print(
        f"  python -m adjudication resolve: {our_cpu:8,.0f} phases/s CPU "
        f"{our_wall:8,.0f} phases/s wall (start-up and JSON included)"
    )
    print(
        f"  diplomacy {version} in process: {their_cpu:8,.0f} phases/s CPU "
        f"{their_wall:8,.0f} phases/s wall"
    )
    print(f"  ratio: {our_cpu / their_cpu:.1f}x on CPU, {our_wall / their_wall:.1f}x on wall-clock")
    print(f"  same board after the phase: {same} of {args.phases}")


if __name__ == "__main__":
    main()
