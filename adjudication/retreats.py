"""Adjudicating a retreat phase: retreats, bounces between them, disbands."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from adjudication.intake import Given, OrderLines, take_orders
from adjudication.mapgraph import MapGraph, province_of
from adjudication.orders import Retreat
from adjudication.outcome import OrderResult, Outcome, Result
from adjudication.phases import Rules, changes_centres, occupy_centres
from adjudication.types import Position, Unit
from adjudication.validation import check_retreat_order


def adjudicate_retreats(
    position: Position, orders: OrderLines, rules: Rules, graph: MapGraph
) -> Outcome:
    """Two or more retreats to one province all fail; every dislodged unit
    without a successful retreat is disbanded."""
    given = take_orders(orders, position, graph, check_retreat_order)
    targets = {
        g.province: g.order.target for g in given if g.legal and isinstance(g.order, Retreat)
    }
    crowd = Counter(province_of(target) for target in targets.values())
    arrived = {p: t for p, t in targets.items() if crowd[province_of(t)] == 1}
    units = list(position.units)
    removed = []
    for entry in position.dislodged:
        unit = entry.unit
        if unit.province in arrived:
            units.append(Unit(unit.power, unit.kind, arrived[unit.province]))
        else:
            removed.append(str(unit))
    results = [_result(g, arrived) for g in given]
    return Outcome(
        position=position,
        orders=tuple(results),
        dislodged=(),
        contested=frozenset(),
        next_position=_after(position, units, rules, graph),
        removed=tuple(sorted(removed)),
    )


def _result(given: Given, arrived: dict[str, str]) -> OrderResult:
    if isinstance(given.order, Retreat):
        if given.legal and given.province in arrived:
            return given.outcome(Result.SUCCESS)
        return given.outcome(Result.FAIL, "another unit retreated to the same province")
    return given.outcome(Result.SUCCESS)


def _after(position: Position, units: list[Unit], rules: Rules, graph: MapGraph) -> Position:
    centres = dict(position.centres)
    if changes_centres(position.phase, rules):
        centres = occupy_centres(centres, units, graph)
    return replace(
        position,
        phase=rules.sequence(position.phase),
        units=tuple(units),
        centres=centres,
        dislodged=(),
        contested=frozenset(),
    )
