"""Where the picture's words go: token names that fit their discs, and combat
labels placed clear of every name and of each other.

Pure geometry over text boxes (Pillow's font metrics, no drawing), so that a
test can compute the boxes the picture draws and check that none overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from maps.text import font

XY = tuple[float, float]
Box = tuple[float, float, float, float]
HALO = 2  # the light outline around drawn words (maps.text.haloed)
SMALLEST = 7  # the smallest size a name is drawn at before it is shortened
SHORTENED = "."  # marks a name cut to fit its disc
RINGS = 8  # how far (in label heights) a label may move from its place
DIRECTIONS = 12  # the places tried on each ring


@dataclass(frozen=True)
class Words:
    """Words as drawn: their centre, text, size and the box they cover."""

    at: XY
    text: str
    size: int
    box: Box


def text_box(at: XY, text: str, size: int) -> Box:
    left, top, right, bottom = font(size).getbbox(text, anchor="mm", stroke_width=HALO)
    return at[0] + left, at[1] + top, at[0] + right, at[1] + bottom


def width_of(text: str, size: int) -> float:
    left, _, right, _ = font(size).getbbox(text, anchor="mm", stroke_width=HALO)
    return float(right - left)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def fitted(name: str, at: XY, width: float, largest: int) -> Words:
    """The name at the largest size that fits ``width``, down to SMALLEST; below that,
    cut short and marked, so that no name spills out of its disc."""
    for size in range(largest, SMALLEST - 1, -1):
        if width_of(name, size) <= width:
            return Words(at, name, size, text_box(at, name, size))
    for cut in range(len(name) - 1, 0, -1):
        short = name[:cut] + SHORTENED
        if width_of(short, SMALLEST) <= width:
            return Words(at, short, SMALLEST, text_box(at, short, SMALLEST))
    return Words(at, name[:1], SMALLEST, text_box(at, name[:1], SMALLEST))


def placed(text: str, wanted: XY, size: int, taken: list[Box], inside: Box) -> Words:
    """The label nearest ``wanted`` (on rings around it) that overlaps nothing taken and
    stays inside the picture; ``wanted`` itself when nowhere is clear."""
    step = size + 2 * HALO
    for ring in range(RINGS + 1):
        for at in _ring(wanted, ring * step, 1 if ring == 0 else DIRECTIONS):
            box = text_box(at, text, size)
            if _within(box, inside) and not any(overlaps(box, other) for other in taken):
                return Words(at, text, size, box)
    return Words(wanted, text, size, text_box(wanted, text, size))


def _ring(centre: XY, radius: float, count: int) -> list[XY]:
    """Places on a circle, starting straight above (labels read best over the arrow)."""
    angles = [-math.pi / 2 + 2 * math.pi * i / count for i in range(count)]
    return [(centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)) for a in angles]


def _within(box: Box, inside: Box) -> bool:
    left, top, right, bottom = inside
    return left <= box[0] and top <= box[1] and box[2] <= right and box[3] <= bottom
