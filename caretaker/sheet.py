"""The movement orders being decided: one per unit, the places claimed, and who backs whom.

A move claims its province, so no two own units go to one place. A move
into a province where a foreign unit is known, or that one could enter,
takes a free neighbour's support when there is one; a move there that the
power's records say bounced recently (``bounced`` 1) is made only with
that support, an attack only with as many supporters as it asks
(``backed``); after two bounces in a row (``bounced`` 2) no move goes
there at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from caretaker.board import Board, Unit
from caretaker.view import SeatView

BARRED = 2  # bounces in a row after which the caretaker leaves a province alone


@dataclass
class MoveSheet:
    view: SeatView
    board: Board
    bounced: dict[str, int] = field(default_factory=dict)
    orders: dict[Unit, str] = field(default_factory=dict)
    claimed: set[str] = field(default_factory=set)
    moves: dict[str, Unit] = field(default_factory=dict)  # province -> the own unit moving in
    backed: set[str] = field(default_factory=set)  # provinces whose move has a supporter

    def free(self) -> list[Unit]:
        return [u for u in self.view.units if u not in self.orders]

    def hold(self, unit: Unit) -> None:
        self.orders[unit] = f"{unit} H"
        self.claimed.add(unit.province)

    def may_enter(self, province: str) -> bool:
        return (
            province not in self.claimed
            and self.view.own_at(province) is None
            and self.bounced.get(province, 0) < BARRED
        )

    def move(self, unit: Unit, province: str, backed: int = 0) -> bool:
        """Order the move if the rule allows it, with the supporters it must have
        (``backed``, or one after a bounce there) or, when contested, one if there is one."""
        target = self.board.move_target(unit, province)
        if target is None or not self.may_enter(province):
            return False
        needed = max(backed, 1 if self.bounced.get(province, 0) else 0)
        wanted = max(needed, 1 if self.contested(province) else 0)
        helpers = self._helpers(unit, province)[:wanted]
        if len(helpers) < needed:
            return False
        self.orders[unit] = f"{unit} - {target}"
        self.claimed.add(province)
        self.moves[province] = unit
        for helper in helpers:
            self.support_move(helper, unit, province)
        return True

    def _helpers(self, mover: Unit, province: str) -> list[Unit]:
        """Who could support a move into the province: units that only hold first (a
        unit giving support stays where it is, so a guard still guards), then free ones."""
        holding = [
            u
            for u in self.view.units
            if self.orders.get(u) == f"{u} H" and self.board.reaches_province(u, province)
        ]
        return holding + [u for u in self.nearest_first(province) if u != mover]

    def contested(self, province: str) -> bool:
        """A known foreign unit stands there or could move in."""
        view = self.view
        return view.foreign_at(province) is not None or view.threatened(province, self.board)

    def support_move(self, unit: Unit, mover: Unit, province: str) -> None:
        self.orders[unit] = f"{unit} S {mover.kind} {mover.province} - {province}"
        self.claimed.add(unit.province)
        self.backed.add(province)

    def back_a_move(self, unit: Unit) -> bool:
        """Support an unsupported own move into a contested province, if it can reach it."""
        for province, mover in sorted(self.moves.items()):
            if (
                province not in self.backed
                and self.contested(province)
                and self.board.reaches_province(unit, province)
            ):
                self.support_move(unit, mover, province)
                return True
        return False

    def back_a_guard(self, unit: Unit) -> bool:
        """Support a neighbour that holds."""
        for other in self.view.units:
            if (
                other != unit
                and self.orders.get(other, "").endswith(" H")
                and self.board.reaches_province(unit, other.province)
            ):
                self.support_hold(unit, other)
                return True
        return False

    def support_hold(self, unit: Unit, held: Unit) -> None:
        self.orders[unit] = f"{unit} S {held.kind} {held.province}"
        self.claimed.add(unit.province)

    def nearest_first(self, province: str) -> list[Unit]:
        """Free units that can move into the province, those guarding nothing first."""
        return sorted(
            (u for u in self.free() if self.board.reaches_province(u, province)),
            key=lambda u: (u.province in self.view.centres, u.location),
        )
