"""Read a knowledge record (docs/knowledge-record.md) into what the map draws.

The renderer's only input. The record's shape is checked by the one typed
reader every layer uses (adjudication.record.parse_record); this module adds
the map's own question, whether each power and province is on this map, and
turns the record into the places the map draws. Anything malformed raises
RecordError naming the field and the value at fault, so a bad record never
turns into a wrong map.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from adjudication import record as typed
from adjudication.record import RecordError, fail, parse_record
from maps.palette import POWER_COLOURS

STANDARD_POWERS = frozenset(POWER_COLOURS)  # the standard board's, drawn by default

__all__ = ["GhostCentre", "GhostUnit", "Location", "MapKnowledge", "Order", "RecordError", "Unit"]


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
class MapKnowledge:
    """Everything one power may know, as the map draws it."""

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
    # An observer's record (a power with no units) is kept with power null
    # too; drawn for an observer it sees only what its record lists.
    observer: bool = False

    def can_see(self, province: str) -> bool:
        """The game master (power null) sees every province."""
        return (self.power is None and not self.observer) or province in self.sees


# --- is it all on this map? ----------------------------------------------------


def _powers(knowledge: typed.Knowledge) -> Iterator[tuple[str, str | None]]:
    """Every power the record names, with the field naming it."""
    yield "power", knowledge.power
    yield from ((f"units.{p}", p) for p in knowledge.units)
    yield from ((f"centers.{p}", p) for p in knowledge.centers)
    yield from ((f"ghosts.units[{i}].power", g.power) for i, g in enumerate(knowledge.ghost_units))
    for i, ghost in enumerate(knowledge.ghost_centres):
        yield f"ghosts.centers[{i}].power", ghost.power
    yield from ((f"dislodged[{i}].power", d.power) for i, d in enumerate(knowledge.dislodged))
    yield from ((f"orders[{i}].power", o.power) for i, o in enumerate(knowledge.orders))


def _places(knowledge: typed.Knowledge) -> Iterator[tuple[str, str | None]]:
    """Every unit or location the record names, with the field naming it."""
    for power, units in knowledge.units.items():
        yield from ((f"units.{power}[{i}]", unit[2:]) for i, unit in enumerate(units))
    for power, codes in knowledge.centers.items():
        yield from ((f"centers.{power}[{i}]", code) for i, code in enumerate(codes))
    for i, ghost in enumerate(knowledge.ghost_units):
        yield f"ghosts.units[{i}].unit", ghost.unit[2:]
    for i, centre in enumerate(knowledge.ghost_centres):
        yield f"ghosts.centers[{i}].province", centre.province
    for i, entry in enumerate(knowledge.dislodged):
        yield f"dislodged[{i}].unit", entry.unit[2:]
        for n, place in enumerate(entry.retreat_options):
            yield f"dislodged[{i}].retreat_options[{n}]", place
    for i, order in enumerate(knowledge.orders):
        for name in ("from", "to", "target_from", "target_to"):
            yield f"orders[{i}].{name}", getattr(order, "origin" if name == "from" else name)


def _check_on_map(
    knowledge: typed.Knowledge,
    provinces: frozenset[str],
    impassable: frozenset[str],
    powers: frozenset[str],
) -> None:
    for where, power in _powers(knowledge):
        nullable = where == "power" or where.startswith(("ghosts", "orders"))
        if not (power is None and nullable) and power not in powers:
            raise fail(where, f"unknown power {power!r}")
    for where, place in _places(knowledge):
        if place is not None and place[:3] not in provinces:
            raise fail(where, f"unknown province {place[:3]!r}")
    for i, code in enumerate(knowledge.sees):
        if code not in provinces and code not in impassable:
            raise fail(f"sees[{i}]", f"unknown province {code!r}")


# --- into what the map draws ---------------------------------------------------


def _location(text: str | None) -> Location | None:
    if text is None:
        return None
    province, _, coast = text.partition("/")
    return Location(province, coast or None)


def _unit(text: str, power: str | None) -> Unit:
    where = _location(text[2:])
    assert where is not None
    return Unit(power, text[0], where)


def _order(order: typed.SeenOrder) -> Order:
    return Order(
        power=order.power,
        kind=order.kind.value,
        origin=_location(order.origin),
        to=_location(order.to),
        target_from=_location(order.target_from),
        target_to=_location(order.target_to),
        result=order.result,
    )


def _drawn(knowledge: typed.Knowledge, impassable: frozenset[str]) -> MapKnowledge:
    dislodged = tuple(_unit(d.unit, d.power) for d in knowledge.dislodged)
    options = {
        unit: tuple(Location(*_split(place)) for place in entry.retreat_options)
        for unit, entry in zip(dislodged, knowledge.dislodged, strict=True)
        if entry.retreat_options
    }
    return MapKnowledge(
        power=knowledge.power,
        phase=knowledge.phase,
        # Full-information records list impassable land (Switzerland): seen, not drawn.
        sees=frozenset(code for code in knowledge.sees if code not in impassable),
        units=tuple(
            _unit(text, power) for power, units in sorted(knowledge.units.items()) for text in units
        ),
        centres={
            code: power for power, codes in sorted(knowledge.centers.items()) for code in codes
        },
        ghost_units=tuple(GhostUnit(_unit(g.unit, g.power), g.seen) for g in knowledge.ghost_units),
        ghost_centres=tuple(
            GhostCentre(g.province, g.power, g.seen) for g in knowledge.ghost_centres
        ),
        dislodged=dislodged,
        orders=tuple(sorted((_order(order) for order in knowledge.orders), key=_drawing_order)),
        retreat_options=options,
    )


def _drawing_order(order: Order) -> tuple[str, ...]:
    """Orders are drawn by power, then place, whatever order the record lists
    them in (a power's record lists its own first), so that viewers who know
    the same orders get the same picture (maps.render.boards_shared)."""
    places = (order.origin, order.to, order.target_from, order.target_to)
    named = ("" if place is None else f"{place.province}/{place.coast or ''}" for place in places)
    return (order.power or "", order.kind, *named, order.result or "")


def _split(place: str) -> tuple[str, str | None]:
    province, _, coast = place.partition("/")
    return province, coast or None


OBSERVER_MARK = "drawn_for_observer"  # set on a record drawn for an observer


def read_record(
    record: Any,
    provinces: frozenset[str],
    impassable: frozenset[str] = frozenset(),
    powers: frozenset[str] = STANDARD_POWERS,
) -> MapKnowledge:
    """Check a parsed knowledge record against the board's provinces and powers.

    `impassable` names codes `sees` may list that are not provinces.
    """
    knowledge = parse_record(record)
    _check_on_map(knowledge, provinces, impassable, powers)
    drawn = _drawn(knowledge, impassable)
    if isinstance(record, dict) and record.get(OBSERVER_MARK):
        return replace(drawn, observer=True)
    return drawn
