"""How well the caretaker keeps an empty seat, against plain civil disorder.

    .venv/bin/python bench/caretaker.py [--games 200] [--seed 1] [--processes 2]

For each fog rule set, each game is played through the engine by all seven
powers with a simple baseline policy (each unit moves to a random
neighbouring province or holds; builds in every free home centre; retreats
anywhere offered) until Spring 1903, when one power's seat goes empty (the
game's number picks it).  From there the same game is played twice to
Spring 1910: once with the caretaker ordering for the empty seat from that
power's own knowledge record, once in civil disorder (no orders: every unit
holds, no builds, removals by the engine's rule).  The other powers' random
choices are drawn from the same seed in both, so the two differ only by
the caretaker.  Printed per rule set: the empty power's centres in 1910
(mean, standard deviation, median) each way, the games where the caretaker
did better, equal and worse, the caretaker's illegal orders, apart from
them the 1989 builds sent ahead that were void because a unit it could not
see took the centre in the Fall, and its CPU time per power-phase.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudication.fog import get_preset
from adjudication.fog.play import initial_records, play_phase
from adjudication.fog.preset import Preset
from adjudication.orders import Build
from adjudication.outcome import ILLEGAL
from adjudication.phases import adjustment_counts, free_home_centres
from adjudication.types import PhaseKind, Position
from caretaker.policy import plan

RULE_SETS = ("dc2005", "reynolds1989", "diplomyopia", "saari1898")
EMPTY_FROM, END_YEAR = 1903, 1910


@dataclass
class Run:
    centres: int = 0
    illegal: int = 0
    void_ahead: int = 0  # 1989: builds sent ahead, void when the centre was lost unseen
    planned: int = 0
    plan_seconds: float = 0.0


def baseline(preset: Preset, position: Position, power: str, rng: random.Random) -> list[str]:
    """A simple policy with the true board: random moves, every build, any retreat."""
    graph, kind = preset.graph, position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        orders = []
        for unit in position.units_of(power):
            near = sorted(
                graph.army_adjacent.get(unit.province, ())
                if unit.kind == "A"
                else graph.fleet_adjacent.get(unit.location, ())
            )
            go = rng.random() < 0.7 and near
            orders.append(f"{unit} - {rng.choice(near)}" if go else f"{unit} H")
        return orders
    if kind is PhaseKind.RETREAT:
        return [
            f"{d.unit} R {rng.choice(d.retreat_options)}" if d.retreat_options else f"{d.unit} D"
            for d in position.dislodged
            if d.unit.power == power
        ]
    count = adjustment_counts(position).get(power, 0)
    return [f"A {c} B" for c in free_home_centres(position, power, graph)[: max(count, 0)]]


def baseline_lists(preset: Preset, position: Position, power: str) -> dict[str, Any]:
    """Orders in advance (1989): retreat anywhere, build everywhere."""
    graph = preset.graph
    retreats = {
        str(u): sorted(graph.neighbours.get(u.province, ())) for u in position.units_of(power)
    }
    return {"retreats": retreats, "builds": [f"A {c} B" for c in sorted(graph.home_centres[power])]}


def play_game(name: str, game: int, seed: int) -> tuple[Run, Run]:
    """The same game twice from Spring 1903: caretaker, then civil disorder."""
    preset = get_preset(name)
    rng = random.Random(seed * 100_003 + game)
    position = preset.start()
    records, _ = initial_records(preset, position)
    state = preset.initial_state(position)
    empty = preset.graph.powers[game % len(preset.graph.powers)]
    while position.phase.year < EMPTY_FROM:
        position, records, state, _ = step(preset, position, records, state, rng, None, None)
    fork = rng.getstate()
    runs = []
    for caretaker in (True, False):
        rng.setstate(fork)
        run = Run()
        here, known, carried = position, records, state
        while here.phase.year < END_YEAR:
            here, known, carried, _ = step(
                preset, here, known, carried, rng, empty, run if caretaker else None
            )
        run.centres = len(here.centres_of(empty))
        runs.append(run)
    return runs[0], runs[1]


def step(
    preset: Preset,
    position: Position,
    records: Mapping[str, Any],
    state: Mapping[str, Any],
    rng: random.Random,
    empty: str | None,
    caretaker: Run | None,
) -> tuple[Position, Any, Any, None]:
    orders: dict[str, list[str]] = {}
    advance: dict[str, dict[str, Any]] = {"retreat_lists": {}, "adjustment_lists": {}}
    for power in preset.graph.powers:
        if power == empty:
            if caretaker is not None:
                _caretake(records[power], position, power, orders, advance, caretaker)
            continue
        orders[power] = baseline(preset, position, power, rng)
        lists = baseline_lists(preset, position, power)
        advance["retreat_lists"][power] = lists["retreats"]
        advance["adjustment_lists"][power] = lists["builds"]
    played = play_phase(preset, position, orders, records, state, advance)
    if caretaker is not None and empty is not None:
        for outcome in played.outcomes:
            for result in outcome.orders:
                if result.power == empty and result.result == ILLEGAL:
                    _count_refused(caretaker, result)
    return played.position, played.records, played.state, None


def _count_refused(run: Run, result: Any) -> None:
    """An order the engine refused. Under the 1989 rules a build is sent ahead
    with the Fall orders; when a unit the power could not see takes that
    centre in the Fall, the build is void. That is counted apart: it was a
    legal order when sent, and no player in the seat could have known."""
    if isinstance(result.order, Build) and "does not own" in (result.reason or ""):
        run.void_ahead += 1
    else:
        run.illegal += 1


def _caretake(
    record: Any,
    position: Position,
    power: str,
    orders: dict[str, list[str]],
    advance: dict[str, dict[str, Any]],
    run: Run,
) -> None:
    started = time.process_time()
    chosen = plan(record, str(position.phase))
    run.plan_seconds += time.process_time() - started
    run.planned += 1
    orders[power] = chosen.orders
    advance["retreat_lists"][power] = chosen.retreat_lists
    advance["adjustment_lists"][power] = chosen.adjustment_lists


def summary(name: str, pairs: list[tuple[Run, Run]]) -> str:
    kept = [c.centres for c, _ in pairs]
    lost = [d.centres for _, d in pairs]
    better = sum(c > d for c, d in zip(kept, lost, strict=True))
    worse = sum(c < d for c, d in zip(kept, lost, strict=True))
    planned = sum(c.planned for c, _ in pairs)
    ms = 1000 * sum(c.plan_seconds for c, _ in pairs) / max(planned, 1)
    return (
        f"| {name} | {len(pairs)} | {_spread(kept)} | {_spread(lost)} | "
        f"{better} / {len(pairs) - better - worse} / {worse} | "
        f"{sum(c.illegal for c, _ in pairs)} | {sum(c.void_ahead for c, _ in pairs)} | "
        f"{ms:.2f} |"
    )


def _spread(values: list[int]) -> str:
    return (
        f"{statistics.mean(values):.2f} ± {statistics.pstdev(values):.2f} "
        f"(median {statistics.median(values):g})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--rule-sets", default=",".join(RULE_SETS))
    args = parser.parse_args()
    print(
        "| rule set | games | caretaker's centres in 1910 | civil disorder's | "
        "caretaker better / equal / worse | illegal orders | builds sent ahead, void | "
        "ms per power-phase |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    with ProcessPoolExecutor(args.processes) as pool:
        for name in args.rule_sets.split(","):
            jobs = [pool.submit(play_game, name, g, args.seed) for g in range(args.games)]
            print(summary(name, [job.result() for job in jobs]), flush=True)


if __name__ == "__main__":
    main()
