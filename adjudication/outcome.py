"""What adjudicating a phase produces: plain, frozen data for callers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from adjudication.orders import Order
from adjudication.types import Dislodged, Position


class Result(StrEnum):
    SUCCESS = "success"
    FAIL = "fail"
    ILLEGAL = "illegal"


# Plain names for the hot paths (enum member look-ups are slow on 3.11).
SUCCESS, FAIL, ILLEGAL = Result.SUCCESS, Result.FAIL, Result.ILLEGAL


class OrderResult(NamedTuple):
    """One order line: who gave it, as given, as read, and how it went.

    A named tuple rather than a frozen dataclass: one is made per order on
    the engine's hot path, and tuples are made several times faster.
    """

    power: str
    text: str
    order: Order | None
    result: Result
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class MoveFacts:
    """A legal move and the strengths that decided it (DATC "Math" terms).

    ``opposing`` is the hold strength of the target, or the defend strength
    of the unit coming the other way in a head-to-head battle; ``rivals``
    are the other units moving to the same province; ``route`` the fleets on
    an intact convoy route (empty for a move by land).
    """

    source: str
    target: str
    power: str
    via_convoy: bool
    route: tuple[str, ...]
    attack: int
    prevent: int
    defend: int
    opposing: int
    head_to_head: bool
    rivals: tuple[str, ...]
    succeeded: bool


@dataclass(frozen=True, slots=True)
class SupportFacts:
    """A legal support: matched or void, cut, given, and needed.

    ``needed`` is true when the support changed something: without it the
    supported move would have failed, or the held unit been dislodged.
    Diplomyopia treats a support that was not needed as a hold.
    """

    supporter: str
    power: str
    supported: str
    target: str | None
    void: bool
    cut_by: tuple[str, ...]
    given: bool
    needed: bool


@dataclass(frozen=True)
class MovementFacts:
    moves: tuple[MoveFacts, ...] = ()
    supports: tuple[SupportFacts, ...] = ()
    hold_strength: Mapping[str, int] = field(default_factory=dict)
    standoffs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The result of one phase.

    ``next_position`` is the position at the start of the phase that comes
    next in the sequence, every phase held (see phases.advance to skip the
    empty ones).  ``facts`` is set for movement phases.
    """

    position: Position
    orders: tuple[OrderResult, ...]
    dislodged: tuple[Dislodged, ...]
    contested: frozenset[str]
    next_position: Position
    facts: MovementFacts | None = None
    removed: tuple[str, ...] = ()

    def results(self) -> dict[str, list[str]]:
        """``{power: [result, ...]}`` in the order the orders were given."""
        found: dict[str, list[str]] = {}
        for entry in self.orders:
            found.setdefault(entry.power, []).append(str(entry.result))
        return found
