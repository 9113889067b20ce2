"""The seat's view: what one power's knowledge record says, in the policy's terms."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adjudication.record import Knowledge, parse_record
from caretaker.board import Board, Unit


@dataclass(frozen=True)
class SeatView:
    """One power's own units and centres, and every foreign unit it knows of now."""

    power: str
    units: tuple[Unit, ...]
    centres: frozenset[str]
    foreign: tuple[Unit, ...]
    owners: Mapping[str, str]
    knowledge: Knowledge

    @classmethod
    def read(cls, record: Mapping[str, Any]) -> SeatView:
        """From the record's JSON, through the one typed reader every layer uses."""
        knowledge = parse_record(record)
        power = knowledge.power
        if power is None:
            raise ValueError("a caretaker plays a power: this is the game master's record")
        return cls(
            power=power,
            units=tuple(Unit.read(text) for text in knowledge.units_of(power)),
            centres=frozenset(knowledge.centres_of(power)),
            foreign=tuple(
                Unit.read(text)
                for owner, texts in sorted(knowledge.units.items())
                if owner != power
                for text in texts
            ),
            owners={c: owner for owner, cs in knowledge.centers.items() for c in cs},
            knowledge=knowledge,
        )

    def own_at(self, province: str) -> Unit | None:
        return next((u for u in self.units if u.province == province), None)

    def foreign_at(self, province: str) -> Unit | None:
        return next((u for u in self.foreign if u.province == province), None)

    def threatened(self, province: str, board: Board) -> bool:
        """A foreign unit the power knows of could move into the province."""
        return any(board.reaches_province(u, province) for u in self.foreign)

    def lost_homes(self, board: Board) -> list[str]:
        """Home centres the power no longer owns, nearest first by name."""
        return sorted(board.homes(self.power) - self.centres)
