"""An adjustment sheet judged as a whole, as the rules will judge it.

Each line may be legal alone and still be passed over by the rules: a build
past the number due, a second build in one centre, a removal when builds are
due, a unit removed twice (adjudication.adjustments.refusals, the very test
the adjudication makes). The count due is the power's own: its centres less
its units, both in its own record, so nothing here reads another power's.
"""

from __future__ import annotations

from adjudication import adjustments
from adjudication.adjustments import check_adjustment_order, refusals
from adjudication.mapgraph import MapGraph, province_of
from adjudication.orders import Order, Waive
from adjudication.parsing import parse_order
from adjudication.phases import adjustment_counts
from adjudication.types import Position
from games.order_entry.checked import CheckedLine
from games.order_entry.rules_check import OwnSide, own_position


def judge_adjustments(
    board: MapGraph, lines: list[CheckedLine], side: OwnSide
) -> list[CheckedLine]:
    """The lines, each one the rules would pass over now refused, saying why."""
    position = own_position(side)
    count = adjustment_counts(position).get(side.power, 0)
    readable = [index for index, line in enumerate(lines) if line.ok]
    orders = [_order_of(board, lines[index], side.power, position) for index in readable]
    units = {unit.province: unit for unit in side.units}
    judged = list(lines)
    for index, order, why in zip(readable, orders, refusals(orders, count, units), strict=True):
        if why:
            judged[index] = CheckedLine(
                lines[index].text, lines[index].order, _say(board, why, order, count)
            )
    return judged


def _order_of(board: MapGraph, line: CheckedLine, power: str, position: Position) -> Order:
    """The line's order as the adjudication takes it (a removal names its unit's place)."""
    checked, _ = check_adjustment_order(parse_order(line.order, board), power, position, board)
    return checked


def _say(board: MapGraph, why: str, order: Order, count: int) -> str:
    due = _due(count)
    if why in (adjustments.NOT_BUILDS, adjustments.NOT_REMOVALS):
        kind = "builds" if why == adjustments.NOT_BUILDS else "removals"
        return f"no {kind} are due this winter" + (f" ({due} due)" if count else "")
    if why == adjustments.TOO_MANY:
        return f"only {due} due: this line is one too many, and the rules would ignore it"
    place = "" if isinstance(order, Waive) else board.name_of(province_of(order.location))
    if why == adjustments.CENTRE_TAKEN:
        return f"{place} is built in already, by an earlier line"
    if why == adjustments.UNIT_GONE:
        return f"the unit in {place} is removed already, by an earlier line"
    return "the rules would not carry out this line"


def _due(count: int) -> str:
    """ "2 builds", "1 removal": what the count due says."""
    number, what = (count, "build") if count > 0 else (-count, "removal")
    return f"{number} {what}{'' if number == 1 else 's'}"
