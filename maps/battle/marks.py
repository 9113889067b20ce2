"""Small drawings: terrain marks inside a square, arrows along a path."""

from __future__ import annotations

import math
from itertools import pairwise

from PIL import ImageDraw

from maps.battle import palette
from maps.palette import RGB

XY = tuple[float, float]
Box = tuple[float, float, float, float]


def terrain_mark(draw: ImageDraw.ImageDraw, kind: str, box: Box, fogged: bool) -> None:
    """A mark that tells the terrain without its colour (trees, hill, mountain, water)."""
    if kind not in palette.TERRAIN_INK:
        return
    ink = palette.TERRAIN_INK[kind]
    if fogged:
        ink = palette.blend(ink, palette.FOG, palette.FOG_ALPHA)
    left, top, right, _ = box
    size = right - left
    x, y = left + size * 0.2, top + size * 0.25  # the top-left corner, clear of tokens
    step = size * 0.12
    if kind == "trees":
        for dx in (0.0, step * 1.4):
            half = step / 2
            draw.ellipse((x + dx - half, y - half, x + dx + half, y + half), fill=ink)
    elif kind == "hill":
        draw.arc((x - step, y - step / 2, x + step * 2, y + step * 2), 200, 340, fill=ink, width=2)
    elif kind == "mountain":
        peak = [(x - step, y + step), (x + step / 2, y - step), (x + step * 2, y + step)]
        draw.polygon(peak, fill=ink)
    else:
        for dy in (0.0, step):
            draw.line([(x - step, y + dy), (x, y + dy - 2), (x + step, y + dy)], fill=ink, width=1)


def arrow(
    draw: ImageDraw.ImageDraw, points: list[XY], colour: RGB, cell: int, *, dashed: bool = False
) -> None:
    """A line through the points with a head at the last one, stopping short of its centre."""
    if len(points) < 2:
        return
    width = max(2, cell // 16)
    end = _short_of(points[-2], points[-1], cell * 0.3)
    line = [*points[:-1], end]
    for start, stop in pairwise(line):
        if dashed:
            _dashes(draw, start, stop, colour, width)
        else:
            draw.line([start, stop], fill=colour, width=width)
    _head(draw, line[-2], end, colour, cell * 0.18)


def _short_of(start: XY, end: XY, gap: float) -> XY:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length <= gap:
        return end
    return end[0] - dx * gap / length, end[1] - dy * gap / length


def _head(draw: ImageDraw.ImageDraw, start: XY, tip: XY, colour: RGB, size: float) -> None:
    angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    draw.polygon([tip, left, right], fill=colour)


def _dashes(draw: ImageDraw.ImageDraw, start: XY, stop: XY, colour: RGB, width: int) -> None:
    length = math.hypot(stop[0] - start[0], stop[1] - start[1])
    pieces = max(1, int(length // 8))
    for i in range(0, pieces, 2):
        a, b = i / pieces, min(1.0, (i + 1) / pieces)
        draw.line(
            [
                (start[0] + (stop[0] - start[0]) * a, start[1] + (stop[1] - start[1]) * a),
                (start[0] + (stop[0] - start[0]) * b, start[1] + (stop[1] - start[1]) * b),
            ],
            fill=colour,
            width=width,
        )
