"""Typed order lines: each read against the public map and the power's own units.

A line is read by the rules' own parser; what comes back is the order in the
rules' notation (with the unit's type filled in from the power's own units)
or the reason it cannot be used, in words that quote what the player wrote.
"""

from __future__ import annotations

from adjudication.mapgraph import MapGraph, province_of
from adjudication.orders import MOVEMENT_ORDERS, Build, Disband, Move, Order, Retreat, Waive
from adjudication.parsing import ParseError, parse_order
from adjudication.types import Unit
from games.order_entry.adjustment_sheet import judge_adjustments
from games.order_entry.checked import CheckedLine
from games.order_entry.rules_check import OwnSide, rules_verdict

__all__ = ["CheckedLine", "check_line", "check_lines", "refuse_duplicates", "unit_key"]


_ORDERS_BY_PHASE: dict[str, tuple[type, ...]] = {
    "M": MOVEMENT_ORDERS,
    "R": (Retreat, Disband),
    "A": (Build, Disband, Waive),
}


def check_lines(
    board: MapGraph,
    text: str,
    own_units: list[str],
    phase_kind: str,
    side: OwnSide | None = None,
) -> list[CheckedLine]:
    """Each non-empty line read against the board and the power's own units
    only; with ``side``, judged by the rules too, and two lines for one unit
    refused."""
    lines = [line.strip() for line in text.splitlines()]
    checked = [check_line(board, line, own_units, phase_kind, side) for line in lines if line]
    return refuse_duplicates(board, checked, phase_kind, side) if side else checked


def check_line(
    board: MapGraph,
    text: str,
    own_units: list[str],
    phase_kind: str,
    side: OwnSide | None = None,
) -> CheckedLine:
    """One line read, its unit found among the power's own, and with ``side``
    judged as the rules will judge it (games.order_entry.rules_check)."""
    try:
        order = parse_order(text, board)
    except ParseError as error:
        return CheckedLine(text, error=str(error))
    order = _as_retreat(order) if phase_kind == "R" else order
    problem = _phase_problem(order, phase_kind) or _ownership_problem(order, own_units, text)
    if not problem and side is not None:
        problem = rules_verdict(board, order, side)
    return CheckedLine(text, order=_normalised(order, own_units), error=problem)


def refuse_duplicates(
    board: MapGraph, lines: list[CheckedLine], phase_kind: str, side: OwnSide | None = None
) -> list[CheckedLine]:
    """Two lines for one unit are both refused, each naming the other: the
    rules would take the first without a word. In an adjustment phase the
    sheet is judged whole, as the rules judge it (DATC 6.J.2): a build past
    the count due, a second in one centre, a removal when builds are due."""
    if phase_kind == "A":
        return judge_adjustments(board, lines, side) if side is not None else lines
    first: dict[str, CheckedLine] = {}
    clashes: dict[str, str] = {}
    for line in lines:
        key = unit_key(line.order) if line.ok else ""
        if key in first:
            clashes[line.text] = clashes[first[key].text] = _clash(board, key, first[key], line)
        elif key:
            first[key] = line
    return [
        CheckedLine(line.text, line.order, clashes[line.text]) if line.text in clashes else line
        for line in lines
    ]


def _clash(board: MapGraph, province: str, one: CheckedLine, other: CheckedLine) -> str:
    return (
        f'two orders for the unit in {board.name_of(province)}: "{one.text}" and '
        f'"{other.text}"; keep one'
    )


def unit_key(order: str) -> str:
    """The province an order is for ("A PAR - BUR" -> "PAR"); "" for a waive."""
    words = order.split()
    return words[1][:3] if len(words) > 1 else ""


def _as_retreat(order: Order) -> Order:
    """In a retreat phase a move (``A Mun - Ber``) is the retreat it can only
    mean, as docs/engine.md says both ``R`` and ``-`` are read."""
    if isinstance(order, Move) and not order.via_convoy:
        return Retreat(order.kind, order.location, order.target)
    return order


def _phase_problem(order: Order, phase_kind: str) -> str:
    if isinstance(order, _ORDERS_BY_PHASE.get(phase_kind, ())):
        return ""
    word = str(order).split()[-1] if not isinstance(order, Waive) else "WAIVE"
    return f'could not use "{word}": not an order for this phase'


def _ownership_problem(order: Order, own_units: list[str], text: str) -> str:
    if isinstance(order, Waive | Build):
        return ""
    own = {Unit.parse("", unit).province for unit in own_units}
    if province_of(order.location) in own:
        return ""
    return f'could not use "{as_typed(order.location[:3], text)}": you have no unit there'


def _normalised(order: Order, own_units: list[str]) -> str:
    """The order in the rules' notation, with the unit's type filled in."""
    if isinstance(order, Waive | Build) or order.kind is not None:
        return str(order)
    for text in own_units:
        unit = Unit.parse("", text)
        if unit.province == province_of(order.location):
            return f"{unit.kind.value} {order}"
    return str(order)


def as_typed(word: str, typed: str) -> str:
    """The word as the player wrote it (the readers upper-case it)."""
    start = typed.lower().find(word.lower())
    return typed[start : start + len(word)] if start >= 0 else word


def province_code(board: MapGraph, word: str, typed: str = "") -> str:
    """A province's code from any of its names; ValueError quotes the word as typed."""
    code = board.lookup(word)
    if code is None:
        raise ValueError(f'could not read "{as_typed(word.strip(), typed)}": not a province')
    return code


def one_order_per_unit(orders: list[str]) -> list[str]:
    """Later orders for the same unit replace earlier ones; builds are kept as given."""
    by_unit: dict[str, str] = {}
    for order in orders:
        words = order.split()
        key = order if words[-1] in ("B", "WAIVE") else words[1][:3]
        by_unit[key] = order
    return list(by_unit.values())
