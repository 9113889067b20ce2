"""Positions and outcomes to and from the JSON of docs/datc-format.md.

``position_from_step`` reads a step (``phase``, ``units`` and, where the
phase needs them, ``centers``, ``dislodged``, ``contested``,
``retreat_options``); ``position_to_step`` writes one; ``outcome_to_json``
writes what a step's ``expected`` holds.  Lists are sorted, so dumping with
``sort_keys=True`` gives the same bytes for the same input.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudication.mapgraph import MEMO_SIZE, MapGraph, load_map, province_of
from adjudication.outcome import Outcome
from adjudication.parsing import ParseError
from adjudication.types import Dislodged, Phase, Position, Unit, UnitType, units_by_power


class StepError(ValueError):
    """A step that cannot be read; the message names the field or word."""


def _field(data: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    if name not in data:
        if default is not None:
            return default
        raise StepError(f'missing field "{name}"')
    value = data[name]
    if not isinstance(value, kind):
        raise StepError(f'field "{name}" must be a {kind.__name__}')
    return value


def read_unit(power: str, text: object, graph: MapGraph) -> Unit:
    """``"F STP/SC"`` -> Unit, checking the location exists on the map."""
    key = ("unit", power, text)
    unit: Unit | None = graph.memo.get(key)
    if unit is None:
        unit = _read_unit(power, text, graph)
        if len(graph.memo) > MEMO_SIZE:
            graph.memo.clear()
        graph.memo[key] = unit
    return unit


def _read_unit(power: str, text: object, graph: MapGraph) -> Unit:
    if not isinstance(text, str) or len(text.split()) != 2:
        raise StepError(f'could not read unit "{text}"')
    kind, location = text.upper().split()
    if kind not in ("A", "F"):
        raise StepError(f'could not read "{text.split()[0]}": not A or F')
    if province_of(location) not in graph.provinces or (
        "/" in location and location not in graph.fleet_locations(province_of(location))
    ):
        raise StepError(f'could not read "{text.split()[1]}": not a province')
    if kind == "A" or "/" in location or not graph.provinces[location].coasts:
        location = province_of(location) if kind == "A" else location
    return Unit(power.upper(), UnitType(kind), location)


def read_province(text: object, graph: MapGraph) -> str:
    code = str(text).upper()
    if province_of(code) not in graph.provinces:
        raise StepError(f'could not read "{text}": not a province')
    return code


def position_from_step(step: Mapping[str, Any], graph: MapGraph | None = None) -> Position:
    """Read a DATC-format step into a Position (``variant`` defaults to standard)."""
    variant = _field(step, "variant", str, "standard")
    try:
        graph = graph or load_map(variant)
    except ValueError as error:
        raise StepError(f'field "variant": {error}') from None
    try:
        phase = Phase.parse(_field(step, "phase", str))
    except ValueError as error:
        raise StepError(f'field "phase": {error}') from None
    units = [
        read_unit(power, text, graph)
        for power, texts in _field(step, "units", dict).items()
        for text in _as_list(texts, "units")
    ]
    centres = {
        read_province(c, graph): power.upper()
        for power, owned in _field(step, "centers", dict, {}).items()
        for c in _as_list(owned, "centers")
    }
    position = Position(
        phase=phase,
        units=tuple(units),
        centres=centres,
        dislodged=_read_dislodged(step, graph),
        contested=frozenset(read_province(p, graph) for p in _field(step, "contested", list, [])),
        variant=variant,
    )
    if len(position.by_province) < len(units):
        _one_unit_per_province(units)
    return position


def _one_unit_per_province(units: list[Unit]) -> None:
    seen: set[str] = set()
    for unit in units:
        if unit.province in seen:
            raise StepError(f'field "units": two units in {unit.province}')
        seen.add(unit.province)


def _as_list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise StepError(f'field "{name}" must map each power to a list')
    return value


def _read_dislodged(step: Mapping[str, Any], graph: MapGraph) -> tuple[Dislodged, ...]:
    options = _field(step, "retreat_options", dict, {})
    found = []
    for entry in _field(step, "dislodged", list, []):
        if not isinstance(entry, dict):
            raise StepError('field "dislodged" must be a list of objects')
        unit = read_unit(_field(entry, "power", str), _field(entry, "unit", str), graph)
        attacker = entry.get("attacker_from")
        via = bool(entry.get("attacker_via_convoy", False))
        given = options.get(entry["unit"], entry.get("retreat_options"))
        if given is None:
            given = _default_options(unit, attacker, via, step, graph)
        retreats = tuple(sorted(read_province(p, graph) for p in given))
        found.append(Dislodged(unit, attacker and str(attacker).upper(), via, retreats))
    return tuple(found)


def _default_options(
    unit: Unit, attacker: object, via: bool, step: Mapping[str, Any], graph: MapGraph
) -> tuple[str, ...]:
    # No retreat list given: work it out from the board, as the movement
    # phase would have (occupied and contested provinces are barred).
    from adjudication.movement import retreat_options

    blocked = {province_of(u.split()[1].upper()) for us in step["units"].values() for u in us}
    blocked |= {str(p).upper() for p in step.get("contested", [])}
    origin = str(attacker).upper() if attacker else None
    return retreat_options(graph, unit, origin, via, blocked)


def _dislodged_json(entry: Dislodged, with_options: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {"power": entry.unit.power, "unit": str(entry.unit)}
    if entry.attacker_from is not None:
        data["attacker_from"] = entry.attacker_from
        data["attacker_via_convoy"] = entry.via_convoy
    if with_options:
        data["retreat_options"] = list(entry.retreat_options)
    return data


def centres_json(centres: Mapping[str, str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for centre, owner in centres.items():
        found.setdefault(owner, []).append(centre)
    return {owner: sorted(found[owner]) for owner in sorted(found)}


def position_to_step(position: Position) -> dict[str, Any]:
    """A Position as a DATC-format step (without orders)."""
    return {
        "phase": str(position.phase),
        "units": units_by_power(position.units),
        "centers": centres_json(position.centres),
        "dislodged": [_dislodged_json(d, with_options=False) for d in position.dislodged],
        "contested": sorted(position.contested),
        "retreat_options": {str(d.unit): list(d.retreat_options) for d in position.dislodged},
        "variant": position.variant,
    }


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """What ``expected`` holds in a step: board after, dislodged, results."""
    following = outcome.next_position
    return {
        "units": units_by_power(following.units),
        "dislodged": [_dislodged_json(d) for d in outcome.dislodged],
        "contested": sorted(outcome.contested),
        "results": outcome.results(),
        "centers": centres_json(following.centres),
    }


__all__ = ["ParseError", "StepError", "outcome_to_json", "position_from_step", "position_to_step"]
