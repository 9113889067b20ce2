"""Checking parsed orders against the map and a position (read-only).

Shared helpers and the retreat-phase checks; movement orders are checked in
movement_checks.py, adjustment orders in adjustments.py.  Each ``check_*``
function returns the order as it will be adjudicated (the
unit's type and exact location filled in, a move's only possible coast
chosen) together with the reason it is illegal, or ``None`` when legal.  An
illegal order is ignored: the unit holds (DATC 4.E.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from adjudication.mapgraph import MapGraph, province_of
from adjudication.orders import UNITLESS, Disband, Move, Order, Retreat
from adjudication.types import Position, Unit, UnitType

Checked = tuple[Order, str | None]
_KIND_NAMES = {UnitType.ARMY: "army", UnitType.FLEET: "fleet"}


def amend(order: Any, **changes: object) -> Any:
    """``dataclasses.replace``, skipped when nothing changes (the usual case)."""
    for name, value in changes.items():
        if getattr(order, name) != value:
            return replace(order, **changes)
    return order


def describe(unit: Unit, graph: MapGraph) -> str:
    """``"the army in Munich"``."""
    return f"the {_KIND_NAMES[unit.kind]} in {graph.name_of(unit.location)}"


def find_own_unit(
    order: Order, power: str, units: Mapping[str, Unit], graph: MapGraph
) -> tuple[Unit | None, str | None]:
    """The unit an order is for, or why there is none the power may order."""
    assert not isinstance(order, UNITLESS)
    province = province_of(order.location)
    unit = units.get(province)
    if unit is None:
        return None, f"there is no unit in {graph.name_of(province)}"
    if unit.power != power:
        return None, f"{describe(unit, graph)} belongs to {unit.power.title()}"
    if order.kind is not None and order.kind is not unit.kind:
        return None, f"there is no {_KIND_NAMES[order.kind]} in {graph.name_of(province)}"
    return unit, None


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
    checked: Retreat | Disband = amend(order, kind=unit.kind, location=unit.location)
    if isinstance(checked, Disband):
        return checked, None
    return _check_retreat_target(checked, unit, position, graph)


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
    return amend(order, target=target), None
