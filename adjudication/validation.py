"""Checking parsed orders against the map and a position (read-only).

Each ``check_*`` function returns the order as it will be adjudicated (the
unit's type and exact location filled in, a move's only possible coast
chosen) together with the reason it is illegal, or ``None`` when legal.  An
illegal order is ignored: the unit holds (DATC 4.E.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from adjudication.convoys import fleets_on_routes, route_possible
from adjudication.mapgraph import COAST, SEA, MapGraph, province_of
from adjudication.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from adjudication.types import Position, Unit, UnitType

Checked = tuple[Order, str | None]
_KIND_NAMES = {UnitType.ARMY: "army", UnitType.FLEET: "fleet"}


def describe(unit: Unit, graph: MapGraph) -> str:
    """``"the army in Munich"``."""
    return f"the {_KIND_NAMES[unit.kind]} in {graph.name_of(unit.location)}"


def fleets_at_sea(position: Position, graph: MapGraph) -> set[str]:
    return {
        u.province for u in position.units if u.kind is UnitType.FLEET and graph.is_sea(u.province)
    }


def find_own_unit(
    order: Order, power: str, units: Mapping[str, Unit], graph: MapGraph
) -> tuple[Unit | None, str | None]:
    """The unit an order is for, or why there is none the power may order."""
    assert not isinstance(order, Waive | Build)
    province = province_of(order.location)
    unit = units.get(province)
    if unit is None:
        return None, f"there is no unit in {graph.name_of(province)}"
    if unit.power != power:
        return None, f"{describe(unit, graph)} belongs to {unit.power.title()}"
    if order.kind is not None and order.kind is not unit.kind:
        return None, f"there is no {_KIND_NAMES[order.kind]} in {graph.name_of(province)}"
    return unit, None


def check_movement_order(order: Order, power: str, position: Position, graph: MapGraph) -> Checked:
    """Validate one movement-phase order for ``power``."""
    if not isinstance(order, Hold | Move | SupportHold | SupportMove | Convoy):
        return order, f"{type(order).__name__.lower()} orders belong to another phase"
    units = position.by_province
    unit, reason = find_own_unit(order, power, units, graph)
    if unit is None:
        return order, reason
    order = replace(order, kind=unit.kind, location=unit.location)
    if isinstance(order, Hold):
        return order, None
    if isinstance(order, Move):
        return check_move(order, unit, position, graph)
    if isinstance(order, Convoy):
        return check_convoy(order, unit, position, graph)
    return check_support(order, unit, position, graph)


def can_reach(unit_kind: UnitType, location: str, province: str, graph: MapGraph) -> bool:
    """Could a unit at ``location`` move to ``province`` without convoy?"""
    if unit_kind is UnitType.ARMY:
        return province in graph.army_adjacent.get(province_of(location), ())
    return bool(graph.fleet_target_coasts(location, province))


def not_bordering(location: str, target: str, graph: MapGraph) -> str:
    return f"{graph.name_of(location)} does not border {graph.name_of(target)}"


def check_move(order: Move, unit: Unit, position: Position, graph: MapGraph) -> Checked:
    target = province_of(order.target)
    if target == unit.province:
        return order, "a unit cannot move to the province it is in"
    if graph.kind(target) == "impassable":
        return order, f"{graph.name_of(target)} is impassable"
    if unit.kind is UnitType.ARMY:
        return _check_army_move(replace(order, target=target), unit, position, graph)
    return _check_fleet_move(replace(order, via_convoy=False), unit, graph)


def _check_army_move(order: Move, unit: Unit, position: Position, graph: MapGraph) -> Checked:
    if graph.kind(order.target) == SEA:
        return order, f"an army cannot move to {graph.name_of(order.target)}, a sea"
    adjacent = graph.army_can_reach(unit.location, order.target)
    if adjacent and not order.via_convoy:
        return order, None
    if route_possible(graph, unit.province, order.target, fleets_at_sea(position, graph)):
        return order, None
    if adjacent:
        return replace(order, via_convoy=False), None
    return order, not_bordering(unit.location, order.target, graph)


def _check_fleet_move(order: Move, unit: Unit, graph: MapGraph) -> Checked:
    target = province_of(order.target)
    if graph.kind(target) not in (SEA, COAST):
        return order, f"a fleet cannot move inland to {graph.name_of(target)}"
    coasts = graph.fleet_target_coasts(unit.location, target)
    if not coasts:
        return order, not_bordering(unit.location, target, graph)
    if order.target == target and len(coasts) > 1:
        return order, f"say which coast of {graph.name_of(target)} to move to"
    if order.target == target:
        return replace(order, target=coasts[0]), None
    if order.target not in coasts:
        return order, not_bordering(unit.location, order.target, graph)
    return order, None


def _supported_reach(
    kind: UnitType | None,
    source: str,
    target: str,
    supporter: Unit,
    graph: MapGraph,
    position: Position,
) -> bool:
    """Could the named unit at ``source`` possibly move to ``target``?

    An army may go by convoy, but not carried by the supporting fleet: a
    fleet cannot both support and convoy (DATC 6.D.31)."""
    standing = position.unit_in(source)
    if standing is not None and kind in (None, standing.kind):
        kind, source = standing.kind, standing.location
    if kind is UnitType.FLEET:
        return can_reach(kind, source, target, graph)
    if graph.kind(target) == SEA:
        return False
    if can_reach(UnitType.ARMY, source, target, graph):
        return True
    fleets = fleets_at_sea(position, graph) - {supporter.province}
    return route_possible(graph, province_of(source), target, fleets)


def check_support(
    order: SupportHold | SupportMove, unit: Unit, position: Position, graph: MapGraph
) -> Checked:
    supported = province_of(order.supported)
    order = replace(order, supported=supported)
    if supported == unit.province:
        return order, "a unit cannot support itself"
    if isinstance(order, SupportHold):
        if not can_reach(unit.kind, unit.location, supported, graph):
            return order, not_bordering(unit.location, supported, graph)
        return order, None
    target = province_of(order.target)
    if target == unit.province:
        return order, "a unit cannot support a move into its own province"
    if not can_reach(unit.kind, unit.location, target, graph):
        return order, not_bordering(unit.location, target, graph)
    if target == supported or not _supported_reach(
        order.supported_kind, supported, target, unit, graph, position
    ):
        return order, f"{graph.name_of(supported)} cannot move to {graph.name_of(target)}"
    return order, None


def check_convoy(order: Convoy, unit: Unit, position: Position, graph: MapGraph) -> Checked:
    source, target = province_of(order.army_from), province_of(order.army_to)
    order = replace(order, army_from=source, army_to=target)
    if not graph.is_sea(unit.province):
        return order, "only a fleet at sea can convoy"
    convoyed = position.unit_in(source)
    if order.convoyed_kind is UnitType.FLEET or (convoyed and convoyed.kind is UnitType.FLEET):
        return order, "only armies can be convoyed"
    if source == target or graph.kind(source) != COAST or graph.kind(target) != COAST:
        return (
            order,
            f"no army can be convoyed from {graph.name_of(source)} to {graph.name_of(target)}",
        )
    if unit.province not in fleets_on_routes(graph, source, target, fleets_at_sea(position, graph)):
        return order, f"{describe(unit, graph)} is on no route from {source} to {target}"
    return order, None


def check_retreat_order(order: Order, power: str, position: Position, graph: MapGraph) -> Checked:
    """Validate a retreat-phase order: a retreat or a disband of a dislodged unit."""
    if isinstance(order, Move):
        order = Retreat(order.kind, order.location, order.target)
    if not isinstance(order, Retreat | Disband):
        return order, "only retreats and disbands may be ordered in a retreat phase"
    units = {d.unit.province: d.unit for d in position.dislodged}
    unit, reason = find_own_unit(order, power, units, graph)
    if unit is None:
        return order, (reason or "").replace("there is no unit", "there is no dislodged unit")
    order = replace(order, kind=unit.kind, location=unit.location)
    if isinstance(order, Disband):
        return order, None
    return _check_retreat_target(order, unit, position, graph)


def _check_retreat_target(
    order: Retreat, unit: Unit, position: Position, graph: MapGraph
) -> Checked:
    dislodged = position.dislodged_in(unit.province)
    options = dislodged.retreat_options if dislodged else ()
    target = order.target if unit.kind is UnitType.FLEET else province_of(order.target)
    if target not in options:
        matching = [o for o in options if province_of(o) == target]
        if len(matching) != 1:
            return order, f"{describe(unit, graph)} cannot retreat to {graph.name_of(target)}"
        target = matching[0]
    return replace(order, target=target), None
