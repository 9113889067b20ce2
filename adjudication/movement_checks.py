"""Checking movement-phase orders against the map and the position.

Most checks depend only on the order, the unit it is for and the unit it
names; those answers are remembered (in the map's memo), since the same
orders come up again and again.  Only convoy routes depend on where the
fleets are: a check that needs them is told ``fleets=None`` first and
answers ``None``; that ``None`` is remembered, and the check is run again
with the fleets of each position.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.convoys import on_some_route, route_possible
from adjudication.intake import Given, OrderLines, new_given
from adjudication.mapgraph import COAST, MEMO_SIZE, SEA, MapGraph, province_of
from adjudication.orders import (
    MOVEMENT_ORDERS,
    Convoy,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    Waive,
)
from adjudication.parsing import parse_order
from adjudication.types import ARMY, FLEET, Position, Unit, UnitType
from adjudication.validation import Checked, amend, describe, find_own_unit

Fleets = frozenset[str] | None
MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
_CHECKED_HERE = frozenset(MOVEMENT_ORDERS)


def take_movement_orders(orders: OrderLines, position: Position, graph: MapGraph) -> list[Given]:
    """``take_orders(orders, position, graph, check_movement_order)``, faster.

    The same answers, with the checks of the usual orders (for a unit one
    has) run in the loop: this runs for every order of every phase, and
    calling out for each costs about as much as the check itself.
    """
    units = position.by_province
    taken: list[Given] = []
    ordered: set[str] = set()
    for power, lines in orders.items():
        power = power.upper()
        for line in lines:
            if type(line) is str:
                order, text = parse_order(line, graph), line
            else:
                order, text = line, str(line)  # type: ignore[assignment]
            kind = type(order)
            if kind not in _CHECKED_HERE:  # a waive or another phase's order: illegal
                checked, reason = check_movement_order(order, power, position, graph)
                province = "" if kind is Waive else order.location[:3]  # type: ignore[union-attr]
                taken.append(new_given((power, text, checked, reason, province)))
                continue
            province = order.location[:3]  # type: ignore[union-attr]
            unit = units.get(province)
            if unit is None or unit.power != power:
                checked, reason = _not_yours(order, power, unit, graph)  # type: ignore[arg-type]
            else:
                checked, reason = _check_own(order, kind, unit, units, position, graph)  # type: ignore[arg-type]
            if reason is None:
                if province in ordered:
                    reason = f"the unit in {graph.name_of(province)} already has an order"
                ordered.add(province)
            taken.append(new_given((power, text, checked, reason, province)))
    return taken


def check_movement_order(order: Order, power: str, position: Position, graph: MapGraph) -> Checked:
    """Validate one movement-phase order for ``power``."""
    if not isinstance(order, MOVEMENT_ORDERS):
        return order, f"{type(order).__name__.lower()} orders belong to another phase"
    units = position.by_province
    unit = units.get(order.location[:3])
    if unit is None or unit.power != power:
        return _not_yours(order, power, unit, graph)
    return _check_own(order, type(order), unit, units, position, graph)


def _check_own(
    order: MovementOrder,
    kind: type,
    unit: Unit,
    units: Mapping[str, Unit],
    position: Position,
    graph: MapGraph,
) -> Checked:
    if kind is SupportMove or kind is SupportHold:
        named = units.get(order.supported[:3])  # type: ignore[union-attr]
    elif kind is Convoy:
        named = units.get(order.army_from[:3])  # type: ignore[union-attr]
    else:
        named = None
    power = unit.power
    # Orders come from the parser's memo, so one text is one object: its id
    # is a cheap key, kept valid by holding the order in the memo entry.  The
    # answer for one's own unit does not depend on who the owner is.
    key = (id(order), unit.kind, unit.location, named and (named.kind, named.location))
    memo = graph.memo
    entry = memo.get(key)
    if entry is None or entry[0] is not order:
        if len(memo) > MEMO_SIZE:
            memo.clear()
        entry = memo[key] = (order, _check(order, power, unit, named, graph, None))
    if entry[1] is not None:
        return entry[1]
    # Remembered as depending on where the fleets are: check it afresh.
    answer = _check(order, power, unit, named, graph, position.fleet_provinces)
    assert answer is not None
    return answer


def _not_yours(order: MovementOrder, power: str, unit: Unit | None, graph: MapGraph) -> Checked:
    found = {unit.province: unit} if unit else {}
    _, reason = find_own_unit(order, power, found, graph)
    return order, reason


def _check(
    order: MovementOrder,
    power: str,
    unit: Unit | None,
    named: Unit | None,
    graph: MapGraph,
    fleets: Fleets,
) -> Checked | None:
    found = {unit.province: unit} if unit else {}
    own, reason = find_own_unit(order, power, found, graph)
    if own is None:
        return order, reason
    order = amend(order, kind=own.kind, location=own.location)
    if isinstance(order, Hold):
        return order, None
    if isinstance(order, Move):
        return check_move(order, own, graph, fleets)
    if isinstance(order, Convoy):
        return check_convoy(order, own, named, graph, fleets)
    return check_support(order, own, named, graph, fleets)


def can_reach(unit_kind: UnitType, location: str, province: str, graph: MapGraph) -> bool:
    """Could a unit at ``location`` move to ``province`` without convoy?"""
    if unit_kind is ARMY:
        return province in graph.army_adjacent.get(province_of(location), ())
    return bool(graph.fleet_target_coasts(location, province))


def not_bordering(location: str, target: str, graph: MapGraph) -> str:
    return f"{graph.name_of(location)} does not border {graph.name_of(target)}"


def out_of_reach(kind: UnitType, location: str, target: str, graph: MapGraph) -> str:
    """Why a unit cannot reach a province: its kind, where the two border
    (an army beside a sea, a fleet beside land), else the map."""
    there = province_of(target)
    if kind is ARMY and graph.kind(there) == SEA:
        return f"an army cannot reach {graph.name_of(there)}, a sea"
    if kind is FLEET and graph.kind(there) not in (SEA, COAST):
        return f"a fleet cannot reach {graph.name_of(there)}, inland"
    return not_bordering(location, target, graph)


def a_unit(kind: UnitType | None, location: str, graph: MapGraph) -> str:
    """ "a fleet in Munich", "the unit in Munich": the unit an order names."""
    what = {ARMY: "an army", FLEET: "a fleet"}.get(kind) if kind else None
    return f"{what or 'the unit'} in {graph.name_of(location)}"


def check_move(order: Move, unit: Unit, graph: MapGraph, fleets: Fleets) -> Checked | None:
    target = province_of(order.target)
    if target == unit.province:
        return order, "a unit cannot move to the province it is in"
    if graph.kind(target) == "impassable":
        return order, f"{graph.name_of(target)} is impassable"
    if unit.kind is ARMY:
        return _check_army_move(amend(order, target=target), unit, graph, fleets)
    return _check_fleet_move(amend(order, via_convoy=False), unit, graph)


def _check_army_move(order: Move, unit: Unit, graph: MapGraph, fleets: Fleets) -> Checked | None:
    if graph.kind(order.target) == SEA:
        return order, f"an army cannot move to {graph.name_of(order.target)}, a sea"
    adjacent = graph.army_can_reach(unit.location, order.target)
    if adjacent and not order.via_convoy:
        return order, None
    if fleets is None:
        return None
    if route_possible(graph, unit.province, order.target, fleets):
        return order, None
    if adjacent:
        # "via convoy" with no chain of fleets that could carry it: the move
        # as ordered is impossible, and v3 has no fallback to the land route.
        return order, "no fleets at sea could convoy it"
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
        return amend(order, target=coasts[0]), None
    if order.target not in coasts:
        return order, not_bordering(unit.location, order.target, graph)
    return order, None


def check_support(
    order: SupportHold | SupportMove,
    unit: Unit,
    named: Unit | None,
    graph: MapGraph,
    fleets: Fleets,
) -> Checked | None:
    supported = province_of(order.supported)
    order = amend(order, supported=supported)
    if supported == unit.province:
        return order, "a unit cannot support itself"
    if isinstance(order, SupportHold):
        if not can_reach(unit.kind, unit.location, supported, graph):
            return order, out_of_reach(unit.kind, unit.location, supported, graph)
        return order, None
    target = province_of(order.target)
    if target == unit.province:
        return order, "a unit cannot support a move into its own province"
    if not can_reach(unit.kind, unit.location, target, graph):
        return order, out_of_reach(unit.kind, unit.location, target, graph)
    reach = target != supported and _supported_reach(order, named, unit, graph, fleets)
    if reach is None:
        return None
    if not reach:
        kind = named.kind if named is not None else order.supported_kind
        mover = a_unit(kind, supported, graph)
        return order, f"{mover} cannot move to {graph.name_of(target)}"
    return order, None


def _supported_reach(
    order: SupportMove, named: Unit | None, supporter: Unit, graph: MapGraph, fleets: Fleets
) -> bool | None:
    """Could the named unit possibly make the supported move?

    An army may go by convoy, but not carried by the supporting fleet: a
    fleet cannot both support and convoy (DATC 6.D.31).
    """
    kind, source, target = order.supported_kind, order.supported, province_of(order.target)
    if named is not None and kind in (None, named.kind):
        kind, source = named.kind, named.location
    if kind is FLEET:
        return can_reach(kind, source, target, graph)
    if graph.kind(target) == SEA:
        return False
    if can_reach(ARMY, source, target, graph):
        return True
    if fleets is None:
        return None
    return route_possible(graph, province_of(source), target, fleets - {supporter.province})


def check_convoy(
    order: Convoy, unit: Unit, named: Unit | None, graph: MapGraph, fleets: Fleets
) -> Checked | None:
    source, target = province_of(order.army_from), province_of(order.army_to)
    order = amend(order, army_from=source, army_to=target)
    if not graph.is_sea(unit.province):
        return order, "only a fleet at sea can convoy"
    if order.convoyed_kind is FLEET or (named and named.kind is FLEET):
        return order, "only armies can be convoyed"
    if source == target or graph.kind(source) != COAST or graph.kind(target) != COAST:
        journey = f"from {graph.name_of(source)} to {graph.name_of(target)}"
        return order, f"no army can be convoyed {journey}"
    if fleets is None:
        return None
    if not on_some_route(graph, unit.province, source, target, fleets):
        return order, f"{describe(unit, graph)} is on no route from {source} to {target}"
    return order, None
