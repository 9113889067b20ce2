"""The knowledge record, typed: one reader and one writer for every side.

The fog rules write a power's record as plain JSON (docs/knowledge-record.md);
the server stores it; order entry, the pages, emails and maps read it through
:func:`parse_record` here, so a malformed record fails in one place, with a
:class:`RecordError` naming the field (``record.units.GERMANY[0]: 'A BERLIN'
is not a unit like 'A PRU' ...``). :func:`record_to_json` writes a typed record
back to exactly the JSON the fog rules write (a test checks it for every rule
set).

This module checks the shape: types, unit and province notation, phase
names, order kinds and results. Whether a province or power exists on a
given board is the board's question (the map checks it against its own).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudication.vocabulary import GAME_MASTER, OBSERVER, ORDER_KINDS, SETUP, OrderKind

UNIT_PATTERN = re.compile(r"^([AF]) ([A-Z]{3})(?:/([NESW]C))?$")
LOCATION_PATTERN = re.compile(r"^([A-Z]{3})(?:/([NESW]C))?$")
PHASE_PATTERN = re.compile(r"^([SFW])(\d{4})([MRA])$")
POWER_PATTERN = re.compile(r"^[A-Z][A-Z_]*$")
RESULTS = frozenset({"success", "fail", "illegal", None})


__all__ = [
    "GAME_MASTER",
    "OBSERVER",
    "DislodgedUnit",
    "GhostCentre",
    "GhostUnit",
    "Knowledge",
    "OrderKind",
    "RecordError",
    "SeenOrder",
    "parse_optional",
    "parse_record",
    "record_to_json",
]


class RecordError(ValueError):
    """The data is not a knowledge record; the message names the field."""


@dataclass(frozen=True)
class GhostUnit:
    """A unit seen earlier and not seen now."""

    power: str | None
    unit: str
    seen: str


@dataclass(frozen=True)
class GhostCentre:
    """A centre's owner seen earlier and not now; ``power`` None: neutral."""

    province: str
    power: str | None
    seen: str


@dataclass(frozen=True)
class DislodgedUnit:
    """An own dislodged unit and the retreats offered to it."""

    power: str
    unit: str
    retreat_options: tuple[str, ...] = ()


@dataclass(frozen=True)
class SeenOrder:
    """An order the power observed; None in a place field means masked."""

    power: str | None
    unit: str | None
    origin: str | None
    kind: OrderKind
    result: str | None
    text: str
    to: str | None = None
    via_convoy: bool = False
    target_from: str | None = None
    target_to: str | None = None


@dataclass(frozen=True)
class Knowledge:
    """Everything one power may know after a phase (``power`` None: the full view)."""

    power: str | None
    phase: str
    sees: tuple[str, ...]
    units: Mapping[str, tuple[str, ...]]
    centers: Mapping[str, tuple[str, ...]]
    preset: str = ""
    ghost_units: tuple[GhostUnit, ...] = ()
    ghost_centres: tuple[GhostCentre, ...] = ()
    dislodged: tuple[DislodgedUnit, ...] = ()
    orders: tuple[SeenOrder, ...] = ()
    lines: tuple[str, ...] = ()
    messages: tuple[str, ...] = ()

    def units_of(self, power: str) -> tuple[str, ...]:
        return tuple(self.units.get(power, ()))

    def centres_of(self, power: str) -> tuple[str, ...]:
        return tuple(self.centers.get(power, ()))

    def dislodged_of(self, power: str) -> tuple[DislodgedUnit, ...]:
        return tuple(entry for entry in self.dislodged if entry.power == power)

    def adjustment_count(self, power: str) -> int:
        """Builds (positive) or removals (negative) the record says are due."""
        return len(self.centres_of(power)) - len(self.units_of(power))

    def occupied(self) -> frozenset[str]:
        """Provinces (no coast) where the record shows a unit standing."""
        return frozenset(unit[2:5] for units in self.units.values() for unit in units)


# --- reading ------------------------------------------------------------------


def fail(where: str, problem: str) -> RecordError:
    return RecordError(f"record.{where}: {problem}" if where else f"record: {problem}")


def _field(record: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    if key not in record:
        if default is ...:
            raise fail(key, "missing")
        return default
    value = record[key]
    if not isinstance(value, kind):
        raise fail(key, f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _power(value: Any, where: str, nullable: bool = False) -> str | None:
    if value is None and nullable:
        return None
    if not (isinstance(value, str) and POWER_PATTERN.match(value)):
        raise fail(where, f"unknown power {value!r}")
    return value


def _province(value: Any, where: str) -> str:
    if not (isinstance(value, str) and re.fullmatch(r"[A-Z]{3}", value)):
        raise fail(where, f"unknown province {value!r}")
    return value


def _location(value: Any, where: str) -> str | None:
    if value is None:
        return None
    if not (isinstance(value, str) and LOCATION_PATTERN.match(value)):
        raise fail(where, f"{value!r} is not a province code like 'MUN' or 'SPA/NC'")
    return value


def _unit(value: Any, where: str) -> str:
    if not (isinstance(value, str) and UNIT_PATTERN.match(value)):
        raise fail(where, f"{value!r} is not a unit like 'A PRU' or 'F STP/NC'")
    return value


def _phase(value: Any, where: str) -> str:
    if value != SETUP and not (isinstance(value, str) and PHASE_PATTERN.match(value)):
        raise fail(where, f"{value!r} is not a phase like 'S1901M' or 'SETUP'")
    return str(value)


def _texts(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise fail(where, "expected a list of strings")
    return tuple(value)


def _entries(value: Any, where: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise fail(where, "expected a list of objects")
    return value


def _by_power(record: Mapping[str, Any], key: str, read: Any) -> dict[str, tuple[str, ...]]:
    found = {}
    for power, items in sorted(_field(record, key, dict).items()):
        owner = _power(power, f"{key}.{power}")
        if not isinstance(items, list):
            raise fail(f"{key}.{power}", f"expected a list, got {type(items).__name__}")
        found[str(owner)] = tuple(read(item, f"{key}.{power}[{i}]") for i, item in enumerate(items))
    return found


def _ghost_units(ghosts: Mapping[str, Any]) -> tuple[GhostUnit, ...]:
    found = []
    for i, entry in enumerate(_entries(ghosts.get("units", []), "ghosts.units")):
        where = f"ghosts.units[{i}]"
        power = _power(entry.get("power"), f"{where}.power", nullable=True)
        unit = _unit(entry.get("unit"), f"{where}.unit")
        found.append(GhostUnit(power, unit, _phase(entry.get("seen"), f"{where}.seen")))
    return tuple(found)


def _ghost_centres(ghosts: Mapping[str, Any]) -> tuple[GhostCentre, ...]:
    found = []
    for i, entry in enumerate(_entries(ghosts.get("centers", []), "ghosts.centers")):
        where = f"ghosts.centers[{i}]"
        province = _province(entry.get("province"), f"{where}.province")
        power = _power(entry.get("power"), f"{where}.power", nullable=True)
        found.append(GhostCentre(province, power, _phase(entry.get("seen"), f"{where}.seen")))
    return tuple(found)


def _dislodged(record: Mapping[str, Any]) -> tuple[DislodgedUnit, ...]:
    found = []
    for i, entry in enumerate(_entries(record.get("dislodged", []), "dislodged")):
        where = f"dislodged[{i}]"
        power = str(_power(entry.get("power"), f"{where}.power"))
        unit = _unit(entry.get("unit"), f"{where}.unit")
        codes = entry.get("retreat_options", [])
        if not isinstance(codes, list):
            raise fail(f"{where}.retreat_options", "expected a list of provinces")
        places = [_location(code, f"{where}.retreat_options[{n}]") for n, code in enumerate(codes)]
        found.append(DislodgedUnit(power, unit, tuple(p for p in places if p is not None)))
    return tuple(found)


def _order(entry: Mapping[str, Any], where: str) -> SeenOrder:
    kind = entry.get("kind")
    if kind not in ORDER_KINDS:
        raise fail(f"{where}.kind", f"unknown order kind {kind!r}")
    if entry.get("result") not in RESULTS:
        raise fail(f"{where}.result", f"unknown result {entry.get('result')!r}")
    unit = entry.get("unit")
    if unit is not None and not isinstance(unit, str):
        raise fail(f"{where}.unit", f"expected a unit type like 'A', got {unit!r}")
    return SeenOrder(
        power=_power(entry.get("power"), f"{where}.power", nullable=True),
        unit=unit,
        origin=_location(entry.get("from"), f"{where}.from"),
        kind=OrderKind(kind),
        result=entry.get("result"),
        text=str(entry.get("text", "")),
        to=_location(entry.get("to"), f"{where}.to"),
        via_convoy=bool(entry.get("via_convoy", False)),
        target_from=_location(entry.get("target_from"), f"{where}.target_from"),
        target_to=_location(entry.get("target_to"), f"{where}.target_to"),
    )


def _orders(record: Mapping[str, Any]) -> tuple[SeenOrder, ...]:
    entries = _entries(record.get("orders", []), "orders")
    return tuple(_order(entry, f"orders[{i}]") for i, entry in enumerate(entries))


def parse_record(record: Any) -> Knowledge:
    """The typed record of a parsed JSON one; RecordError names the field at fault.

    ``power``, ``phase``, ``sees``, ``units`` and ``centers`` are required;
    the rest may be left out (an empty record before anything happened).
    """
    if not isinstance(record, Mapping):
        raise fail("", f"expected a JSON object, got {type(record).__name__}")
    if "power" not in record:
        raise fail("power", "missing")
    sees = _field(record, "sees", list)
    ghosts = _field(record, "ghosts", dict, default={})
    return Knowledge(
        power=_power(record["power"], "power", nullable=True),
        phase=_phase(_field(record, "phase", str), "phase"),
        sees=tuple(_location(code, f"sees[{i}]") or "" for i, code in enumerate(sees)),
        units=_by_power(record, "units", _unit),
        centers=_by_power(record, "centers", _province),
        preset=str(_field(record, "preset", str, default="")),
        ghost_units=_ghost_units(ghosts),
        ghost_centres=_ghost_centres(ghosts),
        dislodged=_dislodged(record),
        orders=_orders(record),
        lines=_texts(record.get("lines", []), "lines"),
        messages=_texts(record.get("messages", []), "messages"),
    )


def parse_optional(record: Any) -> Knowledge | None:
    """``parse_record``, with None (no record yet) passed through."""
    return None if record is None else parse_record(record)


# --- writing ------------------------------------------------------------------


def order_to_json(order: SeenOrder) -> dict[str, Any]:
    """One observed order, with the fields its kind carries and no others."""
    entry: dict[str, Any] = {
        "power": order.power,
        "unit": order.unit,
        "from": order.origin,
        "kind": order.kind.value,
        "result": order.result,
        "text": order.text,
    }
    if order.kind in (OrderKind.MOVE, OrderKind.RETREAT):
        entry["to"] = order.to
    if order.kind is OrderKind.MOVE:
        entry["via_convoy"] = order.via_convoy
    if order.kind in (OrderKind.SUPPORT, OrderKind.CONVOY):
        entry["target_from"] = order.target_from
        if order.target_to is not None or order.kind is OrderKind.CONVOY:
            entry["target_to"] = order.target_to
    return entry


def record_to_json(knowledge: Knowledge) -> dict[str, Any]:
    """The plain JSON of docs/knowledge-record.md, keys sorted."""
    ghost_units = [
        {"power": g.power, "unit": g.unit, "seen": g.seen} for g in knowledge.ghost_units
    ]
    ghost_centres = [
        {"province": g.province, "power": g.power, "seen": g.seen} for g in knowledge.ghost_centres
    ]
    dislodged = [
        {"power": d.power, "unit": d.unit, "retreat_options": list(d.retreat_options)}
        for d in knowledge.dislodged
    ]
    record = {
        "preset": knowledge.preset,
        "power": knowledge.power,
        "phase": knowledge.phase,
        "sees": list(knowledge.sees),
        "units": {power: list(units) for power, units in sorted(knowledge.units.items())},
        "centers": {power: list(codes) for power, codes in sorted(knowledge.centers.items())},
        "ghosts": {"units": ghost_units, "centers": ghost_centres},
        "dislodged": dislodged,
        "orders": [order_to_json(order) for order in knowledge.orders],
        "lines": list(knowledge.lines),
        "messages": list(knowledge.messages),
    }
    return dict(sorted(record.items()))
