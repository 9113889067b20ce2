"""Free units step toward the nearest centre still to take.

A unit with nothing to guard, take or support this phase moves one border
nearer (by its own kind's borders: a fleet by sea and coast) to the
nearest centre the power does not own and where its moves have not just
bounced. It steps only into a place no known foreign unit stands in, no
own unit stands in or goes to, and that brings it nearer; a unit already
as near as it can get stays. So units leave home centres (the builds of
the Winter need them empty), and a power whose centres all lie behind it
still goes out to find more.
"""

from __future__ import annotations

from adjudication.mapgraph import province_of
from caretaker.board import Unit
from caretaker.sheet import MoveSheet

FAR = 99


def advance(sheet: MoveSheet) -> None:
    targets = _targets(sheet)
    if not targets:
        return
    for unit in sheet.free():
        here = sheet.board.moves_to(unit.kind, unit.location, targets)
        step = _best_step(sheet, unit, targets)
        if step is not None and step[0] < here:
            sheet.move(unit, province_of(step[1]))


def _targets(sheet: MoveSheet) -> frozenset[str]:
    view = sheet.view
    return frozenset(
        centre
        for centre in sheet.board.graph.supply_centres
        if centre not in view.centres
        and centre not in sheet.claimed
        and sheet.bounced.get(centre, 0) == 0
    )


def _best_step(sheet: MoveSheet, unit: Unit, targets: frozenset[str]) -> tuple[int, str] | None:
    steps = [
        (sheet.board.moves_to(unit.kind, place, targets), place)
        for place in sheet.board.reach(unit)
        if _may_step(sheet, province_of(place))
    ]
    return min(steps, default=None)


def _may_step(sheet: MoveSheet, province: str) -> bool:
    return sheet.may_enter(province) and sheet.view.foreign_at(province) is None
