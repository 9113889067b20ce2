"""Movement orders: keep what the power has, defend it, win back lost homes.

The rule, in the order it is applied (each unit gets one order):

1. A unit standing on an own centre that a known foreign unit could enter
   holds: it guards the centre.
2. A lost home centre next to free units is retaken: one unit moves in, and
   a second one, if any, supports the move when a foreign unit is known there.
3. An own centre that is threatened and empty is covered by a free
   neighbouring unit.
4. A free unit next to a centre the power does not own, where no unit is
   known to stand, moves in (the season's growth).
5. Every other unit supports a guarding neighbour to hold, else holds.

Only own units and what the record shows are read; each order is checked by
the engine's own rules against the own units, so none is illegal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudication.mapgraph import province_of
from caretaker.board import Board, Unit
from caretaker.view import SeatView


@dataclass
class MoveSheet:
    """Orders being decided, one per unit, and the provinces already claimed."""

    view: SeatView
    board: Board
    orders: dict[Unit, str] = field(default_factory=dict)
    claimed: set[str] = field(default_factory=set)

    def free(self) -> list[Unit]:
        return [u for u in self.view.units if u not in self.orders]

    def hold(self, unit: Unit) -> None:
        self.orders[unit] = f"{unit} H"
        self.claimed.add(unit.province)

    def move(self, unit: Unit, province: str) -> bool:
        target = self.board.move_target(unit, province)
        if target is None or province in self.claimed or self.view.own_at(province):
            return False
        self.orders[unit] = f"{unit} - {target}"
        self.claimed.add(province)
        return True

    def support_move(self, unit: Unit, mover: Unit, province: str) -> None:
        self.orders[unit] = f"{unit} S {mover.kind} {mover.province} - {province}"

    def support_hold(self, unit: Unit, held: Unit) -> None:
        self.orders[unit] = f"{unit} S {held.kind} {held.province}"


def movement_orders(view: SeatView, board: Board) -> list[str]:
    sheet = MoveSheet(view, board)
    _guard(sheet)
    _retake(sheet)
    _cover(sheet)
    _grow(sheet)
    _support_or_hold(sheet)
    return [sheet.orders[u] for u in view.units]


def _guard(sheet: MoveSheet) -> None:
    for unit in sheet.free():
        if unit.province in sheet.view.centres and sheet.view.threatened(
            unit.province, sheet.board
        ):
            sheet.hold(unit)


def _retake(sheet: MoveSheet) -> None:
    for home in sheet.view.lost_homes(sheet.board):
        movers = _nearest_first(sheet, home)
        if not movers or not sheet.move(movers[0], home):
            continue
        if sheet.view.foreign_at(home) and len(movers) > 1:
            sheet.support_move(movers[1], movers[0], home)


def _cover(sheet: MoveSheet) -> None:
    for centre in sorted(sheet.view.centres):
        if sheet.view.own_at(centre) or not sheet.view.threatened(centre, sheet.board):
            continue
        movers = _nearest_first(sheet, centre)
        if movers:
            sheet.move(movers[0], centre)


def _grow(sheet: MoveSheet) -> None:
    for unit in sheet.free():
        for place in sheet.board.reach(unit):
            province = province_of(place)
            if _worth_taking(sheet, province) and sheet.move(unit, province):
                break


def _worth_taking(sheet: MoveSheet, province: str) -> bool:
    view = sheet.view
    return (
        sheet.board.is_centre(province)
        and province not in view.centres
        and view.foreign_at(province) is None
    )


def _support_or_hold(sheet: MoveSheet) -> None:
    for unit in sheet.free():
        guarded = [
            other
            for other in sheet.view.units
            if other != unit
            and sheet.orders.get(other, "").endswith(" H")
            and sheet.board.reaches_province(unit, other.province)
        ]
        if guarded:
            sheet.support_hold(unit, guarded[0])
        else:
            sheet.hold(unit)


def _nearest_first(sheet: MoveSheet, province: str) -> list[Unit]:
    """Free units that can move into the province, those guarding nothing first."""
    return sorted(
        (u for u in sheet.free() if sheet.board.reaches_province(u, province)),
        key=lambda u: (u.province in sheet.view.centres, u.location),
    )
