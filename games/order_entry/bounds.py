"""How much one order sheet may hold, checked before a line is parsed.

A power owns at most one unit a supply centre (34 on every board we play),
so a sheet of more than MAX_LINES lines is no sheet: it is refused whole,
at once, with the limit named, before any line is read against the map.
Reading and echoing every line of a 100,000-line sheet cost seconds of CPU
and an answer of megabytes; the bound keeps a refusal to at most MAX_LINES
lines given back. Every road holds to these: the web form and its live
check, the game master's orders for a power, the API, and email (through
the action, which checks again).
"""

from __future__ import annotations

from collections.abc import Iterable

from common.text import unstorable
from games.order_entry.sheet import PlayerInput

MAX_LINES = 100  # order lines, picks, retreat lists and builds, all told
MAX_LINE_CHARS = 200  # one order line; the longest real one is under 100
MAX_LIST_CHARS = 400  # one unit's retreat list, places and IF conditions
MAX_UNIT_CHARS = 40  # the unit a retreat list is for ("F Spa/nc")
# The typed box as a whole, so counting its lines costs nothing either.
MAX_TEXT_CHARS = MAX_LINES * (MAX_LINE_CHARS + 2)

TOO_MANY = f"at most {MAX_LINES} lines are read (no power has that many units to order)"


def too_long(line: str, most: int = MAX_LINE_CHARS) -> str:
    return f'a line may be at most {most} characters; "{line[:40]}..." has {len(line):,}'


def text_problem(text: str) -> str:
    """Why typed text (one order a line) is not read at all, or ""."""
    if len(text) > MAX_TEXT_CHARS:
        return f"The orders are {len(text):,} characters long; {TOO_MANY}."
    return lines_problem(line for line in text.splitlines() if line.strip())


def lines_problem(lines: Iterable[str], most: int = MAX_LINE_CHARS) -> str:
    """Why these lines are not read at all, or "": too many, one too long, or
    one holding what cannot be stored."""
    for count, line in enumerate(lines, start=1):
        if count > MAX_LINES:
            return f"Too many lines: {TOO_MANY}."
        if why := unstorable(line):  # first: such a line is never echoed
            return f"Not read: a line {why}."
        if len(line) > most:
            return f"Not read: {too_long(line.strip(), most)}."
    return ""


def sheet_problem(given: PlayerInput) -> str:
    """Why a whole sheet is refused before any line is read, or ""."""
    given_lines = [*given.lines, *given.picks, *given.adjustment_lines]
    lines = [line for line in given_lines if line.strip()]
    if len(lines) + len(given.retreat_lists) > MAX_LINES:
        return f"Too many lines: {TOO_MANY}."
    units = given.retreat_lists.keys()
    return (
        lines_problem(lines)
        or lines_problem(given.retreat_lists.values(), MAX_LIST_CHARS)
        or lines_problem(units, MAX_UNIT_CHARS)
    )
