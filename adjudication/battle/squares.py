"""Squares of the battle grid: ``c3`` is the third column, third row.

Columns are letters (``a`` first; after ``z`` come ``aa``, ``ab``, ... as on
a spreadsheet, so a game master's grid may be wider than 26), rows are
1-based numbers. Adjacency includes diagonals and distance counts the steps
a token would take, diagonals as one (docs/rules/battle.md, rulings B1 and B4).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

SQUARE_NAME = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


class SquareError(ValueError):
    """A square name that cannot be read."""


@dataclass(frozen=True, order=True)
class Square:
    """A square by 0-based column and row."""

    col: int
    row: int

    @property
    def name(self) -> str:
        return column_name(self.col) + str(self.row + 1)

    def __str__(self) -> str:
        return self.name


def column_name(col: int) -> str:
    """0 -> ``a``, 25 -> ``z``, 26 -> ``aa``."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def parse_square(text: str) -> Square:
    """``c3`` (any case) -> Square(2, 2); a clear error for anything else."""
    match = SQUARE_NAME.match(text.strip().lower()) if isinstance(text, str) else None
    if not match:
        raise SquareError(f"{text!r} is not a square (a column letter and a row number, e.g. c3)")
    col = 0
    for letter in match[1]:
        col = col * 26 + (ord(letter) - ord("a") + 1)
    return Square(col - 1, int(match[2]) - 1)


def distance(a: Square, b: Square) -> int:
    """Steps between two squares, a diagonal step counting as one."""
    return max(abs(a.col - b.col), abs(a.row - b.row))


def adjacent(a: Square, b: Square) -> bool:
    """Next to each other: sharing a side or a corner."""
    return distance(a, b) == 1


def opposite(square: Square, centre: Square) -> Square:
    """The square on the exact opposite side of ``centre`` from ``square``."""
    return Square(2 * centre.col - square.col, 2 * centre.row - square.row)


def line_between(a: Square, b: Square) -> Iterator[Square]:
    """Squares whose inside the straight line from a's centre to b's centre crosses.

    The two ends are left out. A line that only touches a square's edge or
    corner does not cross it (ruling F2), and the answer is the same from
    either end.
    """
    for col in range(min(a.col, b.col), max(a.col, b.col) + 1):
        for row in range(min(a.row, b.row), max(a.row, b.row) + 1):
            square = Square(col, row)
            if crosses(a, b, square):
                yield square


def crosses(a: Square, b: Square, square: Square) -> bool:
    """Whether the segment between a's and b's centres enters the inside of ``square``.

    The two ends never count.
    """
    if square in (a, b) or not _in_box(a, b, square):
        return False
    low, high = Fraction(0), Fraction(1)
    for start, end, centre in ((a.col, b.col, square.col), (a.row, b.row, square.row)):
        change = end - start
        lo, hi = Fraction(2 * centre - 1, 2), Fraction(2 * centre + 1, 2)
        if change == 0:
            if not lo < start < hi:
                return False
            continue
        t1, t2 = sorted(((lo - start) / change, (hi - start) / change))
        low, high = max(low, t1), min(high, t2)
    return low < high


def _in_box(a: Square, b: Square, square: Square) -> bool:
    return min(a.col, b.col) <= square.col <= max(a.col, b.col) and (
        min(a.row, b.row) <= square.row <= max(a.row, b.row)
    )
