"""Plain, frozen data shared by every stage: units, phases and positions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache
from operator import attrgetter
from types import MappingProxyType


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"

    # Hash as the plain string: enum's own hash is slow Python code, and
    # units and orders are hashed on the engine's hot path.
    __hash__ = str.__hash__


# The members as plain names for the engine's hot paths: on Python 3.11
# reading ``UnitType.ARMY`` goes through the enum's metaclass (~0.2 us).
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board; ``location`` carries the coast for a fleet on one."""

    power: str
    kind: UnitType
    location: str

    @property
    def province(self) -> str:
        return self.location[:3]

    def __str__(self) -> str:
        # Concatenation, not an f-string: formatting an enum member runs
        # the enum's Python-level __format__, and units are written often.
        return self.kind + " " + self.location

    @classmethod
    def parse(cls, power: str, text: str) -> Unit:
        """``"F STP/SC"`` in the DATC notation -> Unit."""
        kind, location = text.strip().upper().split()
        return cls(power.upper(), UnitType(kind), location)


_PHASE_PATTERN = re.compile(r"([SFW])(\d{3,5})([MRA])")


@dataclass(frozen=True, slots=True)
class Phase:
    season: Season
    year: int
    kind: PhaseKind

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"

    @classmethod
    def parse(cls, text: str) -> Phase:
        """``"S1901M"`` -> Phase; ValueError names the text otherwise."""
        return _parse_phase(text)


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit driven out in a movement phase, waiting to retreat or disband."""

    unit: Unit
    attacker_from: str | None
    via_convoy: bool
    retreat_options: tuple[str, ...]


@dataclass(frozen=True)
class Position:
    """The board at the start of a phase.

    ``centres`` maps each owned supply centre to its owner (unowned centres
    are absent).  ``dislodged`` and ``contested`` only matter in a retreat
    phase.  Units are kept sorted, so equal positions compare and serialise
    equal.
    """

    phase: Phase
    units: tuple[Unit, ...]
    centres: Mapping[str, str] = field(default_factory=dict)
    dislodged: tuple[Dislodged, ...] = ()
    contested: frozenset[str] = frozenset()
    variant: str = "standard"
    # Derived from ``units`` (no default: set once, by __post_init__).
    by_province: Mapping[str, Unit] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # With one unit per province (any real board) the location alone
        # gives the full order, and is a cheaper key.
        units = tuple(sorted(self.units, key=_location))
        by_province = {u.location[:3]: u for u in units}
        if len(by_province) < len(units):
            units = tuple(sorted(self.units, key=_unit_key))
            by_province = {u.location[:3]: u for u in units}
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "centres", MappingProxyType(dict(sorted(self.centres.items()))))
        object.__setattr__(self, "dislodged", tuple(sorted(self.dislodged, key=_dislodged_key)))
        object.__setattr__(self, "contested", frozenset(self.contested))
        object.__setattr__(self, "by_province", MappingProxyType(by_province))

    @cached_property
    def fleet_provinces(self) -> frozenset[str]:
        """Provinces with a fleet in them (worked out when first asked)."""
        return frozenset(p for p, u in self.by_province.items() if u.kind is FLEET)

    def unit_in(self, province: str) -> Unit | None:
        """The (non-dislodged) unit in a province, if any."""
        return self.by_province.get(province[:3])

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return tuple(unit for unit in self.units if unit.power == power)

    def centres_of(self, power: str) -> tuple[str, ...]:
        return tuple(sorted(c for c, owner in self.centres.items() if owner == power))

    def dislodged_in(self, province: str) -> Dislodged | None:
        for entry in self.dislodged:
            if entry.unit.province == province[:3]:
                return entry
        return None

    def powers(self) -> tuple[str, ...]:
        """Every power with a unit or a centre here, sorted."""
        owners = {u.power for u in self.units} | set(self.centres.values())
        return tuple(sorted(owners | {d.unit.power for d in self.dislodged}))


@lru_cache(maxsize=1 << 10)
def _parse_phase(text: str) -> Phase:
    # Remembered: every step names its phase, and few phases are ever named.
    match = _PHASE_PATTERN.fullmatch(text.strip().upper())
    if match is None:
        raise ValueError(f'could not read phase "{text}"')
    season, year, kind = match.groups()
    return Phase(Season(season), int(year), PhaseKind(kind))


_unit_key = attrgetter("location", "power", "kind")
_location = attrgetter("location")


def _dislodged_key(entry: Dislodged) -> tuple[str, str]:
    return (entry.unit.location, entry.unit.power)


def units_by_power(units: Iterable[Unit]) -> dict[str, list[str]]:
    """``{power: ["A PAR", ...]}`` sorted, for reports and JSON."""
    found: dict[str, list[str]] = {}
    for unit in units:
        found.setdefault(unit.power, []).append(str(unit))
    return {power: sorted(found[power]) for power in sorted(found)}
