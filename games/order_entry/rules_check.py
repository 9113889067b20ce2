"""Each order judged as the rules will judge it, from what the power knows.

The rules' own checks (``adjudication.movement_checks``, ``validation``,
``adjustments``) read a whole position; a power knows only its own units
and the map. So an order is put to the rules in the worlds the power cannot
tell apart, and refused only when it is illegal in every one of them: its
own units where they stand, a foreign fleet in every sea it does not hold
(so any convoy route by sea may be there), and in the province a support or
convoy names, when no own unit stands there, nothing, an army or a fleet
on any of its coasts. An order refused here is illegal whatever the others
have; an order accepted is legal if the others' units allow it. Nothing
here reads another power's units (ruling 2, docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from adjudication.adjustments import check_adjustment_order
from adjudication.mapgraph import COAST, SEA, MapGraph, province_of
from adjudication.movement_checks import check_movement_order
from adjudication.orders import Convoy, Order, SupportHold, SupportMove
from adjudication.record import Knowledge
from adjudication.types import ARMY, FLEET, Dislodged, Phase, Position, Unit
from adjudication.validation import check_retreat_order

OTHERS = "?"  # the owner of the units a power cannot see; never a power's name
# The checks do not look at the season; a position needs one all the same.
_PHASES = {
    kind: Phase.parse(name) for kind, name in (("M", "S1901M"), ("R", "S1901R"), ("A", "W1901A"))
}


@dataclass(frozen=True)
class OwnSide:
    """What the rules' checks may read of one power: its own record only."""

    power: str
    phase_kind: str
    units: tuple[Unit, ...] = ()
    dislodged: tuple[Dislodged, ...] = ()
    centres: tuple[str, ...] = ()


def own_side(knowledge: Knowledge | None, power: str, phase_kind: str) -> OwnSide:
    """The power's units, dislodged units with their retreats, and centres."""
    if knowledge is None:
        return OwnSide(power, phase_kind)
    units = tuple(Unit.parse(power, text) for text in knowledge.units_of(power))
    dislodged = tuple(
        Dislodged(Unit.parse(power, entry.unit), None, False, entry.retreat_options)
        for entry in knowledge.dislodged_of(power)
    )
    return OwnSide(power, phase_kind, units, dislodged, knowledge.centres_of(power))


def rules_verdict(board: MapGraph, order: Order, side: OwnSide) -> str:
    """Why the rules would find ``order`` illegal in every world the power
    cannot tell apart; "" when some world lets it stand."""
    reasons = [_reason(board, order, side, world) for world in _worlds(board, order, side)]
    return "" if "" in reasons else reasons[0]


def _reason(board: MapGraph, order: Order, side: OwnSide, world: Position) -> str:
    if side.phase_kind == "R":
        _, reason = check_retreat_order(order, side.power, world, board)
    elif side.phase_kind == "A":
        _, reason = check_adjustment_order(order, side.power, world, board)
    else:
        _, reason = check_movement_order(order, side.power, world, board)
    return reason or ""


def _worlds(board: MapGraph, order: Order, side: OwnSide) -> Iterator[Position]:
    """The positions the power cannot tell apart that matter to ``order``."""
    units = {unit.province: unit for unit in side.units}
    if side.phase_kind == "M":
        units |= _others_at_sea(board, units)
    named = _named_province(order)
    if named is None or side.phase_kind != "M" or _is_own(units.get(named), side.power):
        yield _position(side, units.values())
        return
    for occupant in _possible_occupants(board, named):
        around = {place: unit for place, unit in units.items() if place != named}
        yield _position(side, [*around.values(), *occupant])


def _others_at_sea(board: MapGraph, own: dict[str, Unit]) -> dict[str, Unit]:
    seas = (code for code, province in board.provinces.items() if province.kind == SEA)
    return {sea: Unit(OTHERS, FLEET, sea) for sea in seas if sea not in own}


def _named_province(order: Order) -> str | None:
    """The province whose unit a support or convoy names."""
    if isinstance(order, SupportHold | SupportMove):
        return province_of(order.supported)
    if isinstance(order, Convoy):
        return province_of(order.army_from)
    return None


def _is_own(unit: Unit | None, power: str) -> bool:
    return unit is not None and unit.power == power


def _possible_occupants(board: MapGraph, province: str) -> Iterator[tuple[Unit, ...]]:
    """Nothing, another power's army (not at sea), or its fleet on any coast."""
    yield ()
    if board.kind(province) != SEA:
        yield (Unit(OTHERS, ARMY, province),)
    if board.kind(province) in (SEA, COAST):
        for place in board.fleet_locations(province):
            yield (Unit(OTHERS, FLEET, place),)


def _position(side: OwnSide, units: Iterable[Unit]) -> Position:
    return Position(
        phase=_PHASES[side.phase_kind],
        units=tuple(units),
        centres=dict.fromkeys(side.centres, side.power),
        dislodged=side.dislodged,
    )


def own_position(side: OwnSide) -> Position:
    """The position as the power knows it: its own units and centres only."""
    return _position(side, side.units)
