"""Adjudicating an adjustment phase: builds, removals, waives, civil disorder."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from adjudication.intake import Given, OrderLines, take_orders
from adjudication.mapgraph import COAST, MapGraph, province_of
from adjudication.orders import UNITLESS, Build, Disband, Order, Waive
from adjudication.outcome import OrderResult, Outcome, Result
from adjudication.phases import Rules, adjustment_counts
from adjudication.types import Position, Unit, UnitType
from adjudication.validation import find_own_unit


def check_adjustment_order(
    order: Order, power: str, position: Position, graph: MapGraph
) -> tuple[Order, str | None]:
    """Validate a build, removal or waive against the map and the position."""
    if isinstance(order, Waive):
        return order, None
    if isinstance(order, Build):
        return check_build(order, power, position, graph)
    if isinstance(order, Disband):
        unit, reason = find_own_unit(order, power, position.by_province, graph)
        if unit is None:
            return order, reason
        return replace(order, kind=unit.kind, location=unit.location), None
    return order, "only builds, removals and waives may be ordered in an adjustment phase"


def check_build(
    order: Build, power: str, position: Position, graph: MapGraph
) -> tuple[Order, str | None]:
    province = province_of(order.location)
    name = graph.name_of(province)
    if province not in graph.home_centres.get(power, ()):
        return order, f"{name} is not a home centre of {power.title()}"
    if position.centres.get(province) != power:
        return order, f"{power.title()} does not own {name}"
    if position.unit_in(province) is not None:
        return order, f"{name} is occupied"
    if order.kind is UnitType.ARMY:
        return replace(order, location=province), None
    if graph.kind(province) != COAST:
        return order, f"a fleet cannot be built in {name}, which has no coast"
    if order.location not in graph.fleet_locations(province):
        return order, f"say which coast of {name} to build the fleet on"
    return order, None


def adjudicate_adjustments(
    position: Position, orders: OrderLines, rules: Rules, graph: MapGraph
) -> Outcome:
    """The first legal orders are used (DATC 4.D.4-4.D.6); removals a power
    fails to order are made by the civil-disorder rule (4.D.8, 2023)."""
    given = take_orders(orders, position, graph, check_adjustment_order)
    counts = adjustment_counts(position)
    units = {u.province: u for u in position.units}
    outcome_of: dict[int, OrderResult] = {}
    for power, count in counts.items():
        indexed = [i for i, g in enumerate(given) if g.power == power]
        mine = _apply([given[i] for i in indexed], count, units)
        outcome_of.update(zip(indexed, mine, strict=True))
        removed = sum(1 for i in indexed if _removed(outcome_of[i]))
        for unit in civil_disorder_removals(position, power, -count - removed, graph, units):
            del units[unit.province]
    ordered = [outcome_of.get(i) or g.outcome(Result.FAIL) for i, g in enumerate(given)]
    return Outcome(
        position=position,
        orders=tuple(ordered),
        dislodged=(),
        contested=frozenset(),
        next_position=replace(
            position, phase=rules.sequence(position.phase), units=tuple(units.values())
        ),
        removed=tuple(sorted(str(u) for u in position.units if u.province not in units)),
    )


def _removed(result: OrderResult) -> bool:
    return isinstance(result.order, Disband) and result.result is Result.SUCCESS


def _apply(given: list[Given], count: int, units: dict[str, Unit]) -> list[OrderResult]:
    results = []
    used = 0
    for entry in given:
        if not entry.legal:
            results.append(entry.outcome(Result.ILLEGAL))
            continue
        done = _try_one(entry, count, used, units)
        used += done
        results.append(entry.outcome(Result.SUCCESS if done else Result.FAIL))
    return results


def _try_one(entry: Given, count: int, used: int, units: dict[str, Unit]) -> bool:
    order = entry.order
    if refusal(order, count, used, units):
        return False
    if isinstance(order, Build):
        units[province_of(order.location)] = Unit(entry.power, order.kind, order.location)
    elif isinstance(order, Disband):
        del units[province_of(order.location)]
    return True


# Why the rules pass over a legal adjustment order: the sheet as a whole
# (the count due, an earlier line), never the order alone.
NOT_BUILDS = "not builds"
NOT_REMOVALS = "not removals"
TOO_MANY = "too many"
CENTRE_TAKEN = "centre taken"
UNIT_GONE = "unit gone"


def refusal(order: Order, count: int, used: int, units: Mapping[str, Unit]) -> str:
    """Why the rules would not carry out this legal order, after ``used`` of
    the power's ``count`` (builds if positive, removals if negative) and the
    units its earlier lines left; "" when they would."""
    if isinstance(order, UNITLESS):
        if count <= 0:
            return NOT_BUILDS
        if used >= count:
            return TOO_MANY
        taken = isinstance(order, Build) and province_of(order.location) in units
        return CENTRE_TAKEN if taken else ""
    if isinstance(order, Disband):
        if count >= 0:
            return NOT_REMOVALS
        if used >= -count:
            return TOO_MANY
        return "" if province_of(order.location) in units else UNIT_GONE
    return NOT_BUILDS


def refusals(orders: list[Order], count: int, units: Mapping[str, Unit]) -> list[str]:
    """Each legal order of one power's sheet, in order, judged as
    adjudicate_adjustments will judge it: "" for those it carries out."""
    left = dict(units)
    used = 0
    found = []
    for order in orders:
        why = refusal(order, count, used, left)
        found.append(why)
        if why:
            continue
        used += 1
        if isinstance(order, Build):
            left[province_of(order.location)] = Unit("", order.kind, order.location)
        elif isinstance(order, Disband):
            del left[province_of(order.location)]
    return found


def civil_disorder_removals(
    position: Position, power: str, owed: int, graph: MapGraph, units: Mapping[str, Unit]
) -> list[Unit]:
    """DATC 4.D.8 (2023): units on supply centres are kept if possible; then
    the farthest from an owned centre goes first, counting any border; at
    equal distance fleets first, then by English name."""
    if owed <= 0:
        return []
    owned = {c for c, owner in position.centres.items() if owner == power}
    distance = distances_from(owned, graph)
    mine = [u for u in units.values() if u.power == power]
    mine.sort(
        key=lambda u: (
            u.province in graph.supply_centres,  # kept if possible
            -distance.get(u.province, len(graph.provinces)),
            u.kind is not UnitType.FLEET,
            graph.provinces[u.province].name,
        )
    )
    return mine[:owed]


def distances_from(sources: set[str], graph: MapGraph) -> dict[str, int]:
    """Steps over any border from the nearest of ``sources`` to each province."""
    distance = dict.fromkeys(sources, 0)
    frontier = sorted(sources)
    while frontier:
        fresh = []
        for province in frontier:
            for nxt in sorted(graph.neighbours.get(province, ())):
                if nxt not in distance:
                    distance[nxt] = distance[province] + 1
                    fresh.append(nxt)
        frontier = fresh
    return distance
