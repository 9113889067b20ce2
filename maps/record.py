"""Read a knowledge record (docs/knowledge-record.md) into what the map draws.

The renderer's only input. Anything malformed raises RecordError naming the
field and the value at fault, so a bad record never turns into a wrong map.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from maps.palette import POWER_COLOURS

UNIT_PATTERN = re.compile(r"^([AF]) ([A-Z]{3})(?:/([NESW]C))?$")
LOCATION_PATTERN = re.compile(r"^([A-Z]{3})(?:/([NESW]C))?$")
PHASE_PATTERN = re.compile(r"^([SFW])(\d{4})([MRA])$")
ORDER_KINDS = frozenset(
    {"hold", "move", "support", "convoy", "retreat", "disband", "build", "remove", "waive"}
)
RESULTS = frozenset({"success", "fail", "illegal", None})


class RecordError(ValueError):
    """The record is not a knowledge record the map can draw."""


@dataclass(frozen=True)
class Location:
    """A province, and a coast where a fleet stands on a split coast."""

    province: str
    coast: str | None = None


@dataclass(frozen=True)
class Unit:
    power: str | None
    kind: str  # "A" or "F"
    where: Location


@dataclass(frozen=True)
class GhostUnit:
    unit: Unit
    seen: str


@dataclass(frozen=True)
class GhostCentre:
    province: str
    power: str | None
    seen: str


@dataclass(frozen=True)
class Order:
    power: str | None
    kind: str
    origin: Location | None
    to: Location | None
    target_from: Location | None
    target_to: Location | None
    result: str | None


@dataclass(frozen=True)
class Knowledge:
    """Everything one power may know, as the map needs it."""

    power: str | None
    phase: str
    sees: frozenset[str]
    units: tuple[Unit, ...]
    centres: dict[str, str]  # province -> owner
    ghost_units: tuple[GhostUnit, ...]
    ghost_centres: tuple[GhostCentre, ...]
    dislodged: tuple[Unit, ...]
    orders: tuple[Order, ...]
    retreat_options: dict[Unit, tuple[Location, ...]] = field(default_factory=dict)

    def can_see(self, province: str) -> bool:
        """The game master (power null) sees every province."""
        return self.power is None or province in self.sees


class _Reader:
    """Checks fields against the map's provinces, naming what is wrong."""

    def __init__(self, provinces: frozenset[str]) -> None:
        self.provinces = provinces

    def fail(self, where: str, problem: str) -> RecordError:
        return RecordError(f"record.{where}: {problem}")

    def field(self, record: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
        if key not in record:
            if default is ...:
                raise self.fail(key, "missing")
            return default
        value = record[key]
        if not isinstance(value, kind):
            raise self.fail(key, f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    def power(self, value: Any, where: str, nullable: bool = False) -> str | None:
        if value is None and nullable:
            return None
        if value not in POWER_COLOURS:
            raise self.fail(where, f"unknown power {value!r}")
        return str(value)

    def province(self, value: Any, where: str) -> str:
        if value not in self.provinces:
            raise self.fail(where, f"unknown province {value!r}")
        return str(value)

    def location(self, value: Any, where: str) -> Location | None:
        if value is None:
            return None
        match = LOCATION_PATTERN.match(value) if isinstance(value, str) else None
        if match is None:
            raise self.fail(where, f"{value!r} is not a province code like 'MUN' or 'SPA/NC'")
        return Location(self.province(match[1], where), match[2])

    def unit(self, value: Any, power: str | None, where: str) -> Unit:
        match = UNIT_PATTERN.match(value) if isinstance(value, str) else None
        if match is None:
            raise self.fail(where, f"{value!r} is not a unit like 'A PRU' or 'F STP/NC'")
        return Unit(power, match[1], Location(self.province(match[2], where), match[3]))

    def phase(self, value: Any, where: str) -> str:
        if value != "SETUP" and not (isinstance(value, str) and PHASE_PATTERN.match(value)):
            raise self.fail(where, f"{value!r} is not a phase like 'S1901M' or 'SETUP'")
        return str(value)


def _units(reader: _Reader, record: Mapping[str, Any]) -> tuple[Unit, ...]:
    found = []
    for power, units in sorted(reader.field(record, "units", dict).items()):
        owner = reader.power(power, f"units.{power}")
        if not isinstance(units, list):
            raise reader.fail(f"units.{power}", "expected a list of units")
        found += [reader.unit(u, owner, f"units.{power}[{i}]") for i, u in enumerate(units)]
    return tuple(found)


def _centres(reader: _Reader, record: Mapping[str, Any]) -> dict[str, str]:
    owners: dict[str, str] = {}
    for power, provinces in sorted(reader.field(record, "centers", dict).items()):
        owner = reader.power(power, f"centers.{power}")
        assert owner is not None
        for index, code in enumerate(provinces):
            owners[reader.province(code, f"centers.{power}[{index}]")] = owner
    return owners


def _entries(reader: _Reader, value: Any, where: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise reader.fail(where, "expected a list of objects")
    return value


def _ghost_units(reader: _Reader, ghosts: Mapping[str, Any]) -> tuple[GhostUnit, ...]:
    found = []
    for i, entry in enumerate(_entries(reader, ghosts.get("units", []), "ghosts.units")):
        where = f"ghosts.units[{i}]"
        power = reader.power(entry.get("power"), f"{where}.power", nullable=True)
        unit = reader.unit(entry.get("unit"), power, f"{where}.unit")
        found.append(GhostUnit(unit, reader.phase(entry.get("seen"), f"{where}.seen")))
    return tuple(found)


def _ghost_centres(reader: _Reader, ghosts: Mapping[str, Any]) -> tuple[GhostCentre, ...]:
    found = []
    for i, entry in enumerate(_entries(reader, ghosts.get("centers", []), "ghosts.centers")):
        where = f"ghosts.centers[{i}]"
        found.append(
            GhostCentre(
                reader.province(entry.get("province"), f"{where}.province"),
                reader.power(entry.get("power"), f"{where}.power", nullable=True),
                reader.phase(entry.get("seen"), f"{where}.seen"),
            )
        )
    return tuple(found)


def _dislodged(reader: _Reader, record: Mapping[str, Any]) -> tuple[Unit, ...]:
    entries = _entries(reader, record.get("dislodged", []), "dislodged")
    return tuple(
        reader.unit(
            e.get("unit"),
            reader.power(e.get("power"), f"dislodged[{i}].power"),
            f"dislodged[{i}].unit",
        )
        for i, e in enumerate(entries)
    )


def _retreat_options(
    reader: _Reader, record: Mapping[str, Any], dislodged: tuple[Unit, ...]
) -> dict[Unit, tuple[Location, ...]]:
    """Where each dislodged unit may retreat to; units with no option are left out."""
    options = {}
    for index, (unit, entry) in enumerate(zip(dislodged, record.get("dislodged", []), strict=True)):
        where = f"dislodged[{index}].retreat_options"
        codes = entry.get("retreat_options", [])
        if not isinstance(codes, list):
            raise reader.fail(where, "expected a list of provinces")
        places = [reader.location(code, f"{where}[{i}]") for i, code in enumerate(codes)]
        if places:
            options[unit] = tuple(place for place in places if place is not None)
    return options


def _order(reader: _Reader, entry: Mapping[str, Any], where: str) -> Order:
    kind = entry.get("kind")
    if kind not in ORDER_KINDS:
        raise reader.fail(f"{where}.kind", f"unknown order kind {kind!r}")
    if entry.get("result") not in RESULTS:
        raise reader.fail(f"{where}.result", f"unknown result {entry.get('result')!r}")
    return Order(
        power=reader.power(entry.get("power"), f"{where}.power", nullable=True),
        kind=kind,
        origin=reader.location(entry.get("from"), f"{where}.from"),
        to=reader.location(entry.get("to"), f"{where}.to"),
        target_from=reader.location(entry.get("target_from"), f"{where}.target_from"),
        target_to=reader.location(entry.get("target_to"), f"{where}.target_to"),
        result=entry.get("result"),
    )


def _orders(reader: _Reader, record: Mapping[str, Any]) -> tuple[Order, ...]:
    entries = _entries(reader, record.get("orders", []), "orders")
    return tuple(_order(reader, entry, f"orders[{i}]") for i, entry in enumerate(entries))


def _required(reader: _Reader, record: Mapping[str, Any], key: str) -> Any:
    if key not in record:
        raise reader.fail(key, "missing")
    return record[key]


def _sees(reader: _Reader, sees: Sequence[Any], impassable: frozenset[str]) -> frozenset[str]:
    # Full-information records list impassable land (Switzerland): seen, not drawn.
    return frozenset(
        reader.province(code, f"sees[{i}]") for i, code in enumerate(sees) if code not in impassable
    )


def read_record(
    record: Any, provinces: frozenset[str], impassable: frozenset[str] = frozenset()
) -> Knowledge:
    """Check a parsed knowledge record against the map's provinces.

    `impassable` names codes `sees` may list that are not provinces.
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"record: expected a JSON object, got {type(record).__name__}")
    reader = _Reader(provinces)
    sees: Sequence[Any] = reader.field(record, "sees", list)
    ghosts = reader.field(record, "ghosts", dict, default={})
    dislodged = _dislodged(reader, record)
    return Knowledge(
        power=reader.power(_required(reader, record, "power"), "power", nullable=True),
        phase=reader.phase(reader.field(record, "phase", str), "phase"),
        sees=_sees(reader, sees, impassable),
        units=_units(reader, record),
        centres=_centres(reader, record),
        ghost_units=_ghost_units(reader, ghosts),
        ghost_centres=_ghost_centres(reader, ghosts),
        dislodged=dislodged,
        orders=_orders(reader, record),
        retreat_options=_retreat_options(reader, record, dislodged),
    )
