"""Movement orders: keep what the power has, take what lies open, and never bang one door thrice.

The rule, in the order it is applied (each unit gets one order):

1. A unit standing on an own centre that a known foreign unit could enter
   holds: it guards the centre. In the Spring, only where two known
   foreign units could attack it together (one supporting the other); a
   centre changes hands only at the end of the Fall, so a unit threatened
   by one may still go for a centre next to it or join an attack (6), and
   guards after that.
2. In the Fall, a unit standing on a centre the power does not own yet
   holds: the centre becomes the power's only if the unit is there at the
   end of the year.
3. A lost home centre next to free units is retaken, and a foreign unit
   standing in an own centre is attacked with support (as in 6).
4. In the Fall, an own centre that is threatened and empty is covered by a
   free neighbouring unit; then (in the Spring, first) a free unit next to
   a centre the power does not own, where no unit is known to stand, moves
   in (the season's growth).
5. In the Spring, a unit still free on an own centre that a known foreign
   unit could enter guards it, and a threatened empty centre is covered.
6. A foreign unit known on a centre the power does not own is attacked by
   a free unit with the support of another (a unit that only holds may
   give it: it stays where it is, so it still guards); a guard that
   two known foreign units could attack together gets a neighbour's support.
7. Every other free unit steps toward the nearest centre still to take,
   leaving home centres free for builds (``caretaker.advance``).
8. Every unit left supports a move of its own into a place a known foreign
   unit could also enter, else a holding neighbour, else holds.

Any move into a place a known foreign unit could enter takes a free
neighbour's support when there is one. The power's own records say where
its moves bounced (``caretaker.memory``): after a bounce in either of its
last two movement phases it goes there again only with support, after two
in a row not at all. Only own units and what the records show are read.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.mapgraph import province_of
from caretaker.advance import advance
from caretaker.board import Board
from caretaker.sheet import MoveSheet
from caretaker.view import SeatView


def movement_orders(
    view: SeatView, board: Board, bounced: Mapping[str, int], fall: bool
) -> list[str]:
    sheet = MoveSheet(view, board, dict(bounced))
    if fall:
        _guard(sheet, threats=1)
        _occupy(sheet)
        _retake(sheet)
        _cover(sheet)
        _grow(sheet)
    else:  # in Spring a centre changes hands only if the Fall leaves a foreign unit there
        _guard(sheet, threats=2)
        _retake(sheet)
        _grow(sheet)
        _attack(sheet)
        _guard(sheet, threats=1)
        _cover(sheet)
    _attack(sheet)
    _back_guards(sheet)
    advance(sheet)
    _support_or_hold(sheet)
    return [sheet.orders[u] for u in view.units]


def _guard(sheet: MoveSheet, threats: int) -> None:
    for unit in sheet.free():
        province = unit.province
        if province in sheet.view.centres and _threats(sheet, province) >= threats:
            sheet.hold(unit)


def _occupy(sheet: MoveSheet) -> None:
    for unit in sheet.free():
        if sheet.board.is_centre(unit.province) and unit.province not in sheet.view.centres:
            sheet.hold(unit)


def _retake(sheet: MoveSheet) -> None:
    """Lost home centres, then own centres a foreign unit stands in (lost at the end
    of the Fall unless it is driven out: with support)."""
    for home in sheet.view.lost_homes(sheet.board):
        movers = sheet.nearest_first(home)
        if movers:
            sheet.move(movers[0], home)
    for centre in sorted(sheet.view.centres):
        movers = sheet.nearest_first(centre)
        if sheet.view.foreign_at(centre) and movers:
            sheet.move(movers[0], centre, backed=1)


def _cover(sheet: MoveSheet) -> None:
    for centre in sorted(sheet.view.centres):
        if sheet.view.own_at(centre) or not sheet.view.threatened(centre, sheet.board):
            continue
        movers = sheet.nearest_first(centre)
        if movers:
            sheet.move(movers[0], centre)


def _grow(sheet: MoveSheet) -> None:
    for unit in sheet.free():
        if unit not in sheet.orders:
            for place in sheet.board.reach(unit):
                province = province_of(place)
                if _open_prize(sheet, province) and sheet.move(unit, province):
                    break


def _open_prize(sheet: MoveSheet, province: str) -> bool:
    view = sheet.view
    return (
        sheet.board.is_centre(province)
        and province not in view.centres
        and view.foreign_at(province) is None
    )


def _attack(sheet: MoveSheet) -> None:
    """Attack a foreign unit on a centre the power does not own, with support."""
    for enemy in sheet.view.foreign:
        province = enemy.province
        if not sheet.board.is_centre(province) or province in sheet.view.centres:
            continue
        movers = sheet.nearest_first(province)
        if movers:
            sheet.move(movers[0], province, backed=1)


def _back_guards(sheet: MoveSheet) -> None:
    """A guard that two known foreign units could attack (one supporting the other)
    gets a free neighbour's support to hold."""
    for guard in sheet.view.units:
        if sheet.orders.get(guard) != f"{guard} H" or _threats(sheet, guard.province) < 2:
            continue
        helpers = sheet.nearest_first(guard.province)
        if helpers:
            sheet.support_hold(helpers[0], guard)


def _threats(sheet: MoveSheet, province: str) -> int:
    return sum(sheet.board.reaches_province(u, province) for u in sheet.view.foreign)


def _support_or_hold(sheet: MoveSheet) -> None:
    for unit in sheet.free():
        if unit in sheet.orders:
            continue
        if not sheet.back_a_move(unit) and not sheet.back_a_guard(unit):
            sheet.hold(unit)
