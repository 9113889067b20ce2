"""How the caretaker plays: seven caretakers together, and caretakers against attackers.

    .venv/bin/python bench/caretaker.py [--games 20] [--seed 1] [--processes 2]

For each rule set, two kinds of game are played through the engine from
Spring 1901 to the end of 1909, every caretaker ordering from its own
power's knowledge records alone:

* seven caretakers, one in every seat (one game: the caretaker is
  deterministic, so every run of it is the same game);
* ``--games`` games in which three powers (the game's number picks which)
  are attackers that see the true board and make supported attacks
  (bench/caretaker_opponents.py), so the caretakers' units are dislodged
  and must retreat, and the other four are caretakers.

Printed per rule set: the caretakers' centres per power per year (for the
games against attackers, the mean over the caretakers' seats), and what
bench/caretaker_tally.py counts by the true board: centres changing hands
after 1904 (to or from a caretaker), builds made of builds owed, the
longest run of bounces against one target and the third bounces, retreats,
illegal orders by the true board and by the caretaker's own record, 1989
list entries the season made impossible, and the milliseconds of CPU per
power-phase (mean and worst).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudication.fog import get_preset
from adjudication.fog.play import initial_records, play_phase
from adjudication.fog.preset import Preset
from adjudication.types import Position
from bench.caretaker_opponents import attacker_lists, attacker_orders
from bench.caretaker_tally import Tally
from caretaker.policy import illegal_by_record, plan

RULE_SETS = ("standard", "dc2005", "reynolds1989", "diplomyopia", "saari1898")
END_YEAR = 1910  # play until Spring 1910: the years 1901 to 1909
ATTACKERS = 3
MEMORY = 6  # earlier records handed to the caretaker, enough for its two movement phases


def play_game(name: str, game: int | None, seed: int) -> Tally:
    """Seven caretakers (``game`` None), else caretakers against attackers."""
    preset = get_preset(name)
    powers = preset.graph.powers
    rng = random.Random(seed * 100_003 + (game or 0))
    attackers = frozenset() if game is None else frozenset(_attackers(powers, game))
    tally = Tally(frozenset(powers) - attackers)
    position = preset.start()
    records, _ = initial_records(preset, position)
    state = preset.initial_state(position)
    earlier: dict[str, list[Any]] = {p: [] for p in powers}
    while position.phase.year < END_YEAR:
        year = position.phase.year
        orders, advance = _orders(preset, position, records, earlier, attackers, rng, tally)
        played = play_phase(preset, position, orders, records, state, advance)
        tally.phase_played(played.outcomes, preset.rules.orders_in_advance)
        for power in powers:
            earlier[power] = [*earlier[power], records[power]][-MEMORY:]
        position, records, state = played.position, played.records, played.state
        if position.phase.year > year:
            tally.year_ended(year, position)
    return tally


def _attackers(powers: tuple[str, ...], game: int) -> list[str]:
    return random.Random(game).sample(list(powers), ATTACKERS)


def _orders(
    preset: Preset,
    position: Position,
    records: Mapping[str, Any],
    earlier: Mapping[str, list[Any]],
    attackers: frozenset[str],
    rng: random.Random,
    tally: Tally,
) -> tuple[dict[str, list[str]], dict[str, dict[str, Any]]]:
    orders: dict[str, list[str]] = {}
    advance: dict[str, dict[str, Any]] = {"retreat_lists": {}, "adjustment_lists": {}}
    phase = str(position.phase)
    for power in preset.graph.powers:
        if power in attackers:
            orders[power] = attacker_orders(preset, position, power, rng)
            lists = attacker_lists(preset, position, power)
            retreats, builds = lists["retreats"], lists["builds"]
        else:
            started = time.process_time()
            chosen = plan(records[power], phase, earlier=earlier[power])
            tally.plan_ms.append(1000 * (time.process_time() - started))
            tally.illegal_by_record += len(illegal_by_record(records[power], phase, chosen.orders))
            orders[power] = chosen.orders
            retreats, builds = chosen.retreat_lists, chosen.adjustment_lists
        advance["retreat_lists"][power] = retreats
        advance["adjustment_lists"][power] = builds
    return orders, advance


def report(name: str, seven: Tally, attacked: list[Tally], games: int) -> str:
    years = sorted(seven.centres)
    head = "| power | " + " | ".join(str(y) for y in years) + " |"
    lines = [f"#### {name}", "", "Seven caretakers, centres at the end of each year:", ""]
    lines += [head, "| --- " * (len(years) + 1) + "|"]
    for power in sorted(seven.caretakers):
        counts = [str(seven.centres[y].get(power, 0)) for y in years]
        lines.append(f"| {power} | " + " | ".join(counts) + " |")
    lines.append("| caretakers' mean against attackers | " + _means(attacked, years) + " |")
    total = Tally(frozenset())
    for tally in attacked:
        total.add(tally)
    changes = sum(t.changes_after_1904() for t in attacked)
    rows = [("centres changing hands after 1904", str(seven.changes_after_1904()), str(changes))]
    rows += [(label, _measure(seven, what), _measure(total, what)) for label, what in MEASURES]
    lines += ["", f"| measure | seven caretakers | against attackers ({games} games) |"]
    lines += ["| --- | --- | --- |", *(f"| {a} | {b} | {c} |" for a, b, c in rows)]
    return "\n".join(lines)


MEASURES = (
    ("builds made / owed", "builds"),
    ("longest run of bounces on one target", "longest_run"),
    ("bounces repeated a third time in a row", "third_bounces"),
    ("dislodged / retreated / disbanded with a place offered", "retreats"),
    ("illegal orders: by the true board / by its own record", "illegal"),
    ("1989 list entries passed over", "passed_over"),
    ("ms per power-phase: mean / worst", "ms"),
)


def _measure(tally: Tally, what: str) -> str:
    if what == "builds":
        return f"{tally.built} / {tally.owed}"
    if what == "retreats":
        return f"{tally.dislodged} / {tally.retreated} / {tally.lost_with_a_place}"
    if what == "illegal":
        return f"{tally.illegal} / {tally.illegal_by_record}"
    if what == "ms":
        ms = tally.plan_ms or [0.0]
        return f"{statistics.mean(ms):.2f} / {max(ms):.1f}"
    return str(getattr(tally, what))


def _means(attacked: list[Tally], years: list[int]) -> str:
    def mean(year: int) -> float:
        seats = [t.centres[year].get(p, 0) for t in attacked for p in t.caretakers]
        return statistics.mean(seats) if seats else 0.0

    return " | ".join(f"{mean(y):.1f}" for y in years)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--rule-sets", default=",".join(RULE_SETS))
    args = parser.parse_args()
    with ProcessPoolExecutor(args.processes) as pool:
        for name in args.rule_sets.split(","):
            seven = pool.submit(play_game, name, None, args.seed)
            jobs = [pool.submit(play_game, name, g, args.seed) for g in range(args.games)]
            attacked = [job.result() for job in jobs]
            print(report(name, seven.result(), attacked, args.games), "\n", flush=True)


if __name__ == "__main__":
    main()
