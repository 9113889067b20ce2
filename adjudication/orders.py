"""The orders players give, as parsed (syntax only, not yet checked).

Every order names the unit it is for by type and location, as written; the
type may be missing when a player leaves it out (DATC 4.C.1: still valid).
Locations are upper case, a coast written as ``"SPA/SC"``.  ``Disband`` is
both the retreat-phase disband and the adjustment-phase removal.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudication.types import UnitType


def _unit_text(kind: UnitType | None, location: str) -> str:
    return f"{kind} {location}" if kind else location


@dataclass(frozen=True, slots=True)
class Hold:
    kind: UnitType | None
    location: str

    def __str__(self) -> str:
        return f"{_unit_text(self.kind, self.location)} H"


@dataclass(frozen=True, slots=True)
class Move:
    kind: UnitType | None
    location: str
    target: str
    via_convoy: bool = False

    def __str__(self) -> str:
        via = " VIA" if self.via_convoy else ""
        return f"{_unit_text(self.kind, self.location)} - {self.target}{via}"


@dataclass(frozen=True, slots=True)
class SupportHold:
    kind: UnitType | None
    location: str
    supported_kind: UnitType | None
    supported: str

    def __str__(self) -> str:
        supported = _unit_text(self.supported_kind, self.supported)
        return f"{_unit_text(self.kind, self.location)} S {supported}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    kind: UnitType | None
    location: str
    supported_kind: UnitType | None
    supported: str
    target: str

    def __str__(self) -> str:
        supported = _unit_text(self.supported_kind, self.supported)
        return f"{_unit_text(self.kind, self.location)} S {supported} - {self.target}"


@dataclass(frozen=True, slots=True)
class Convoy:
    kind: UnitType | None
    location: str
    army_from: str
    army_to: str
    convoyed_kind: UnitType | None = UnitType.ARMY

    def __str__(self) -> str:
        convoyed = _unit_text(self.convoyed_kind, self.army_from)
        return f"{_unit_text(self.kind, self.location)} C {convoyed} - {self.army_to}"


@dataclass(frozen=True, slots=True)
class Retreat:
    kind: UnitType | None
    location: str
    target: str

    def __str__(self) -> str:
        return f"{_unit_text(self.kind, self.location)} R {self.target}"


@dataclass(frozen=True, slots=True)
class Disband:
    kind: UnitType | None
    location: str

    def __str__(self) -> str:
        return f"{_unit_text(self.kind, self.location)} D"


@dataclass(frozen=True, slots=True)
class Build:
    kind: UnitType
    location: str

    def __str__(self) -> str:
        return f"{_unit_text(self.kind, self.location)} B"


@dataclass(frozen=True, slots=True)
class Waive:
    def __str__(self) -> str:
        return "WAIVE"


Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Waive
UnitOrder = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build
# Tuples for isinstance on the hot path (a union is rebuilt at every call).
MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
SUPPORTS = (SupportHold, SupportMove)
UNITLESS = (Waive, Build)
