"""Board edits by the game master: move, add or remove a unit, change a centre's owner.

Plain data in, plain data out: an edit and a position give the edited
position and a sentence saying what changed, or an :class:`EditError` that
names the problem in words the game master can act on ("There is no unit in
Paris."). Places are read like typed orders: a province's code or name, and
for a fleet on a split coast the coast after a slash (``StP/NC``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudication.mapgraph import IMPASSABLE, LAND, SEA, MapGraph
from adjudication.types import Position, Unit, UnitType

MOVE, ADD, REMOVE, CENTRE = "move", "add", "remove", "centre"
ACTIONS = (MOVE, ADD, REMOVE, CENTRE)


class EditError(ValueError):
    """The edit cannot be made; the message says why."""


@dataclass(frozen=True)
class BoardEdit:
    """One change: ``place`` is where the unit (or centre) is; ``to`` where a
    moved unit goes; ``unit`` "A" or "F" for an added one; ``power`` the owner
    of an added unit or of a centre ("" for a neutral centre)."""

    action: str
    place: str
    to: str = ""
    unit: str = ""
    power: str = ""


def apply_edit(position: Position, edit: BoardEdit, graph: MapGraph) -> tuple[Position, str]:
    """The position after the edit, and what changed in words."""
    if edit.action == MOVE:
        return _move(position, edit, graph)
    if edit.action == ADD:
        return _add(position, edit, graph)
    if edit.action == REMOVE:
        return _remove(position, edit, graph)
    if edit.action == CENTRE:
        return _centre(position, edit, graph)
    raise EditError(f'"{edit.action}" is not an edit: choose one of {", ".join(ACTIONS)}.')


def _move(position: Position, edit: BoardEdit, graph: MapGraph) -> tuple[Position, str]:
    unit = _unit_in(position, read_province(edit.place, graph), graph)
    target = read_location(edit.to, unit.kind, graph)
    _require_empty(position, target[:3], graph, but=unit)
    moved = Unit(unit.power, unit.kind, target)
    units = [moved if u == unit else u for u in position.units]
    said = f"moved {unit} ({unit.power}) to {target}"
    return replace(position, units=tuple(units)), said


def _add(position: Position, edit: BoardEdit, graph: MapGraph) -> tuple[Position, str]:
    power = read_power(edit.power, graph)
    kind = read_unit_kind(edit.unit)
    location = read_location(edit.place, kind, graph)
    _require_empty(position, location[:3], graph)
    unit = Unit(power, kind, location)
    return replace(position, units=(*position.units, unit)), f"added {unit} ({power})"


def _remove(position: Position, edit: BoardEdit, graph: MapGraph) -> tuple[Position, str]:
    unit = _unit_in(position, read_province(edit.place, graph), graph)
    units = tuple(u for u in position.units if u != unit)
    return replace(position, units=units), f"removed {unit} ({unit.power})"


def _centre(position: Position, edit: BoardEdit, graph: MapGraph) -> tuple[Position, str]:
    centre = read_province(edit.place, graph)
    if centre not in graph.supply_centres:
        raise EditError(f"{graph.name_of(centre)} is not a supply centre.")
    centres = dict(position.centres)
    centres.pop(centre, None)
    owner = read_power(edit.power, graph) if edit.power else ""
    if owner:
        centres[centre] = owner
    was = position.centres.get(centre) or "neutral"
    said = f"centre {centre}: {was} -> {owner or 'neutral'}"
    return replace(position, centres=centres), said


def read_province(text: str, graph: MapGraph) -> str:
    code = graph.lookup(text.split("/")[0]) if text.strip() else None
    if code is None:
        raise EditError(f'"{text.strip()}" is not a province on this board.')
    return code


def read_location(text: str, kind: UnitType, graph: MapGraph) -> str:
    """Where a unit of ``kind`` may stand: an army on land, a fleet on a coast or at sea."""
    province = read_province(text, graph)
    name, where = graph.name_of(province), graph.kind(province)
    if where == IMPASSABLE:
        raise EditError(f"No unit can stand in {name}.")
    if kind is UnitType.ARMY:
        if where == SEA:
            raise EditError(f"An army cannot stand in {name}: it is a sea.")
        return province
    if where == LAND:
        raise EditError(f"A fleet cannot stand in {name}: it is inland.")
    return _fleet_location(text, province, graph)


def _fleet_location(text: str, province: str, graph: MapGraph) -> str:
    locations = graph.fleet_locations(province)
    if len(locations) == 1:
        return locations[0]
    coast = text.split("/")[1].strip().upper() if "/" in text else ""
    if f"{province}/{coast}" in locations:
        return f"{province}/{coast}"
    choices = " or ".join(locations)
    raise EditError(f"Name the coast of {graph.name_of(province)} for a fleet: {choices}.")


def read_power(text: str, graph: MapGraph) -> str:
    power = text.strip().upper()
    if power not in graph.powers:
        raise EditError(f'"{text.strip()}" is not a power of this board.')
    return power


def read_unit_kind(text: str) -> UnitType:
    kind = text.strip().upper()[:1]
    if kind not in ("A", "F"):
        raise EditError(f'"{text.strip()}" is not a unit: write A (army) or F (fleet).')
    return UnitType(kind)


def _unit_in(position: Position, province: str, graph: MapGraph) -> Unit:
    unit = position.unit_in(province)
    if unit is None:
        raise EditError(f"There is no unit in {graph.name_of(province)}.")
    return unit


def _require_empty(
    position: Position, province: str, graph: MapGraph, but: Unit | None = None
) -> None:
    there = position.unit_in(province)
    if there is not None and there != but:
        where = graph.name_of(province)
        raise EditError(f"{where} already holds {there} ({there.power.title()}).")
