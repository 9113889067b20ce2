"""The caretaker bench's opponents: powers that see the true board and attack with support.

Each movement phase an attacker looks for foreign units next to two of its
own: one moves in, the other supports the move, so units are dislodged
and must retreat. Its other units move at random (to a neighbouring centre
it does not own when there is one) or hold. It retreats anywhere offered,
builds in every free home centre and leaves removals to the engine's rule.
Its random choices come from the game's seeded generator, so a game is
the same on every run.
"""

from __future__ import annotations

import random
from typing import Any

from adjudication.fog.preset import Preset
from adjudication.mapgraph import MapGraph, province_of
from adjudication.phases import adjustment_counts, free_home_centres
from adjudication.types import PhaseKind, Position, Unit


def attacker_orders(
    preset: Preset, position: Position, power: str, rng: random.Random
) -> list[str]:
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement(preset.graph, position, power, rng)
    if kind is PhaseKind.RETREAT:
        return [
            f"{d.unit} R {rng.choice(d.retreat_options)}" if d.retreat_options else f"{d.unit} D"
            for d in position.dislodged
            if d.unit.power == power
        ]
    count = adjustment_counts(position).get(power, 0)
    return [f"A {c} B" for c in free_home_centres(position, power, preset.graph)[: max(count, 0)]]


def attacker_lists(preset: Preset, position: Position, power: str) -> dict[str, Any]:
    """Orders in advance (1989): retreat anywhere, build everywhere."""
    graph = preset.graph
    retreats = {
        str(u): sorted(graph.neighbours.get(u.province, ())) for u in position.units_of(power)
    }
    return {"retreats": retreats, "builds": [f"A {c} B" for c in sorted(graph.home_centres[power])]}


def _movement(graph: MapGraph, position: Position, power: str, rng: random.Random) -> list[str]:
    own = list(position.units_of(power))
    orders: dict[Unit, str] = {}
    foreign = [u for u in position.units if u.power != power]
    rng.shuffle(foreign)
    for enemy in foreign:
        near = [u for u in own if u not in orders and _target(graph, u, enemy.province)]
        if len(near) >= 2:
            mover, helper = near[0], near[1]
            orders[mover] = f"{mover} - {_target(graph, mover, enemy.province)}"
            orders[helper] = f"{helper} S {mover} - {enemy.province}"
    for unit in own:
        if unit not in orders:
            orders[unit] = _wander(graph, position, power, unit, rng)
    return [orders[u] for u in own]


def _wander(graph: MapGraph, position: Position, power: str, unit: Unit, rng: random.Random) -> str:
    near = _reach(graph, unit)
    centres = [p for p in near if _is_prize(graph, position, power, province_of(p))]
    if centres and rng.random() < 0.8:
        return f"{unit} - {rng.choice(centres)}"
    if near and rng.random() < 0.6:
        return f"{unit} - {rng.choice(near)}"
    return f"{unit} H"


def _is_prize(graph: MapGraph, position: Position, power: str, province: str) -> bool:
    return province in graph.supply_centres and position.centres.get(province) != power


def _reach(graph: MapGraph, unit: Unit) -> list[str]:
    if unit.kind == "A":
        return sorted(graph.army_adjacent.get(unit.province, ()))
    return sorted(graph.fleet_adjacent.get(unit.location, ()))


def _target(graph: MapGraph, unit: Unit, province: str) -> str | None:
    return next((p for p in _reach(graph, unit) if province_of(p) == province), None)
