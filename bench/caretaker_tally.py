"""What the caretaker bench counts for the caretakers' powers, phase by phase, by the true board.

Centres per power at the end of each year; centres changing hands after
1904; builds made of builds owed (the power's centres less its units at an
adjustment phase); the longest run of movement phases in which one of its
moves into the same province failed, and how often a third came; its
dislodged units, how many retreated, and how many disbanded although the
board offered them a place; its illegal orders by the true board (the
engine's verdict) and by its own record (the engine's rules applied to what
the record shows); and the CPU time of each plan.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from adjudication.mapgraph import province_of
from adjudication.orders import Build, Move, Retreat
from adjudication.outcome import ILLEGAL, SUCCESS, Outcome
from adjudication.phases import adjustment_counts
from adjudication.types import PhaseKind, Position

CHANGES_FROM = 1905  # "after 1904": owners at the end of 1905 against 1904, and on


@dataclass
class Tally:
    caretakers: frozenset[str]
    centres: dict[int, dict[str, int]] = field(default_factory=dict)
    owners: dict[int, dict[str, str]] = field(default_factory=dict)
    owed: int = 0
    built: int = 0
    runs: dict[tuple[str, str], int] = field(default_factory=dict)
    longest_run: int = 0
    third_bounces: int = 0
    dislodged: int = 0
    retreated: int = 0
    lost_with_a_place: int = 0
    illegal: int = 0
    illegal_by_record: int = 0
    passed_over: int = 0
    plans: int = 0
    plan_ms: list[float] = field(default_factory=list)

    def year_ended(self, year: int, position: Position) -> None:
        """The board as the year's last phase left it (``position`` opens the next year)."""
        owned = dict(position.centres)
        self.owners[year] = owned
        self.centres[year] = {p: sum(o == p for o in owned.values()) for p in position.powers()}

    def changes_after_1904(self) -> int:
        years = sorted(y for y in self.owners if y >= CHANGES_FROM and y - 1 in self.owners)
        return sum(self._changes(self.owners[y - 1], self.owners[y]) for y in years)

    def _changes(self, before: dict[str, str], after: dict[str, str]) -> int:
        moved = {c for c in before.keys() | after.keys() if before.get(c) != after.get(c)}
        mine = self.caretakers
        return sum(before.get(c) in mine or after.get(c) in mine for c in moved)

    def phase_played(self, outcomes: Iterable[Outcome], in_advance: bool) -> None:
        for number, outcome in enumerate(outcomes):
            self._illegal(outcome, listed=in_advance and number > 0)
            kind = outcome.position.phase.kind
            if kind is PhaseKind.MOVEMENT:
                self._bounces(outcome)
            elif kind is PhaseKind.RETREAT:
                self._retreats(outcome)
            else:
                self._builds(outcome)

    def _illegal(self, outcome: Outcome, listed: bool) -> None:
        # Under the 1989 rules the retreats and builds after the movement come
        # from lists sent ahead; an entry the season made impossible is passed
        # over by the rules, not an order given.
        refused = sum(r.power in self.caretakers and r.result == ILLEGAL for r in outcome.orders)
        if listed:
            self.passed_over += refused
        else:
            self.illegal += refused

    def _bounces(self, outcome: Outcome) -> None:
        failed = {
            (r.power, province_of(r.order.target))
            for r in outcome.orders
            if r.power in self.caretakers
            and isinstance(r.order, Move)
            and r.result not in (SUCCESS, ILLEGAL)
        }
        self.runs = {key: self.runs.get(key, 0) + 1 for key in failed}
        for run in self.runs.values():
            self.longest_run = max(self.longest_run, run)
            self.third_bounces += run > 2

    def _retreats(self, outcome: Outcome) -> None:
        mine = [d for d in outcome.position.dislodged if d.unit.power in self.caretakers]
        went = {
            r.order.location
            for r in outcome.orders
            if isinstance(r.order, Retreat) and r.result == SUCCESS
        }
        self.dislodged += len(mine)
        self.retreated += sum(d.unit.location in went for d in mine)
        self.lost_with_a_place += sum(
            d.unit.location not in went and bool(d.retreat_options) for d in mine
        )

    def _builds(self, outcome: Outcome) -> None:
        counts = adjustment_counts(outcome.position)
        self.owed += sum(max(counts.get(p, 0), 0) for p in self.caretakers)
        self.built += sum(
            r.power in self.caretakers and isinstance(r.order, Build) and r.result == SUCCESS
            for r in outcome.orders
        )

    def add(self, other: Tally) -> None:
        """Sums and maxima over games (centres per year are kept per game by the caller)."""
        for name in ("owed", "built", "third_bounces", "dislodged", "retreated"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("lost_with_a_place", "illegal", "illegal_by_record", "passed_over", "plans"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.longest_run = max(self.longest_run, other.longest_run)
        self.plan_ms.extend(other.plan_ms)
