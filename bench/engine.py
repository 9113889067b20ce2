"""Speed of the rules engine: random full-board movement phases per second.

    .venv/bin/python bench/engine.py [--phases 3000] [--seed 1]

Each phase has 34 units of all seven powers with random legal orders (holds,
moves, supports of neighbours' holds and moves, convoys), given as text so
that parsing and validation are timed too.  One core, one process.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudication.destinations import move_destinations
from adjudication.engine import adjudicate
from adjudication.mapgraph import COAST, LAND, SEA, MapGraph, load_map
from adjudication.types import Phase, Position, Unit, UnitType

UNITS = 34


def random_position(graph: MapGraph, rng: random.Random) -> Position:
    provinces = [p for p in sorted(graph.provinces) if graph.kind(p) in (LAND, SEA, COAST)]
    units = []
    for province in rng.sample(provinces, UNITS):
        power = rng.choice(graph.powers)
        kind = graph.kind(province)
        fleet = kind == SEA or (kind == COAST and rng.random() < 0.5)
        if fleet:
            location = rng.choice(graph.fleet_locations(province))
            units.append(Unit(power, UnitType.FLEET, location))
        else:
            units.append(Unit(power, UnitType.ARMY, province))
    return Position(Phase.parse("S1901M"), tuple(units))


def random_orders(graph: MapGraph, position: Position, rng: random.Random) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    planned: dict[str, str] = {}
    for unit in position.units:
        planned[unit.province] = _plan(graph, position, unit, planned, rng)
    for unit in position.units:
        orders.setdefault(unit.power, []).append(planned[unit.province])
    return orders


def _plan(
    graph: MapGraph, position: Position, unit: Unit, planned: dict[str, str], rng: random.Random
) -> str:
    roll = rng.random()
    options = move_destinations(graph, unit)
    if roll < 0.15 or not options:
        return f"{unit} H"
    if roll < 0.35:
        convoy = _convoy(graph, position, unit, rng)
        if convoy:
            return convoy
    if roll < 0.6:
        neighbours = [position.unit_in(p[:3]) for p in options]
        moved = [n for n in neighbours if n is not None and " - " in planned.get(n.province, "")]
        if moved:
            friend = rng.choice(moved)
            target = planned[friend.province].split(" - ")[1].split()[0][:3]
            if target != unit.province and any(o[:3] == target for o in options):
                return f"{unit} S {friend} - {target}"
        held = [n for n in neighbours if n is not None]
        if held:
            return f"{unit} S {rng.choice(held)}"
    return f"{unit} - {rng.choice(options)}"


def _convoy(graph: MapGraph, position: Position, fleet: Unit, rng: random.Random) -> str | None:
    if fleet.kind is not UnitType.FLEET or not graph.is_sea(fleet.province):
        return None
    coasts = sorted(p for p in graph.neighbours[fleet.province] if graph.kind(p) == COAST)
    armies = [u for u in map(position.unit_in, coasts) if u and u.kind is UnitType.ARMY]
    if not armies:
        return None
    army = rng.choice(armies)
    target = rng.choice([c for c in coasts if c != army.province])
    return f"{fleet} C {army} - {target}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--facts", action="store_true", help="also work out the facts fog rules use"
    )
    args = parser.parse_args()
    graph = load_map()
    rng = random.Random(args.seed)
    phases = []
    for _ in range(args.phases):
        position = random_position(graph, rng)
        phases.append((position, random_orders(graph, position, rng)))
    # CPU time of this process: the figure for one core, whatever else the
    # machine is doing; wall-clock time is shown beside it.
    start, wall = time.process_time(), time.perf_counter()
    for position, orders in phases:
        adjudicate(position, orders, graph=graph, facts=args.facts)
    elapsed, walled = time.process_time() - start, time.perf_counter() - wall
    print(
        f"{args.phases} movement phases of {UNITS} units in {elapsed:.2f}s of CPU "
        f"({walled:.2f}s wall): {args.phases / elapsed:,.0f} phases per second"
    )


if __name__ == "__main__":
    main()
