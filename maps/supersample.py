"""Smooth shapes drawn straight onto the map, a few small boxes at a time.

Pillow does not anti-alias shapes, so they are drawn at twice the size and
reduced. Rather than on a transparent tile that is then turned and pasted
with a mask (an alpha channel, conversions and a paste per shape), the map
itself is enlarged pixel for pixel under each box, the shapes are drawn on
it and the box is reduced back: what no shape touches comes back unchanged,
and edges blend with whatever lies beneath.

A `Sketch` records the drawing calls once, in supersampled map pixels, so
each box replays only the calls that reach into it.
"""

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from maps.palette import RGB

SUPERSAMPLE = 2
STRIP = 40.0  # a long diagonal is covered by boxes about this long (output pixels)
XY = tuple[float, float]
Box = tuple[int, int, int, int]


class _Call(NamedTuple):
    reach: tuple[float, float, float, float]  # what it may touch, supersampled pixels
    method: str
    points: list[XY]
    options: dict[str, Any]


class Sketch:
    """Drawing calls in supersampled map pixels, kept to be drawn box by box.

    It takes the few `ImageDraw` calls the map's strokes use.
    """

    def __init__(self) -> None:
        self.calls: list[_Call] = []

    def _add(self, method: str, points: list[XY], spread: float, **options: Any) -> None:
        # Whole supersampled pixels: Pillow truncates coordinates towards zero,
        # so fractions would land differently in boxes where they are negative.
        points = [(round(x), round(y)) for x, y in points]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        reach = (min(xs) - spread, min(ys) - spread, max(xs) + spread, max(ys) + spread)
        self.calls.append(_Call(reach, method, points, options))

    def line(self, points: list[XY], fill: RGB, width: int) -> None:
        self._add("line", points, width / 2 + 1, fill=fill, width=width)

    def ellipse(
        self,
        box: Sequence[float],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        corners = [(box[0], box[1]), (box[2], box[3])]
        self._add("ellipse", corners, 1, fill=fill, outline=outline, width=width)

    def arc(self, box: Sequence[float], start: float, end: float, fill: RGB, width: int) -> None:
        corners = [(box[0], box[1]), (box[2], box[3])]
        self._add("arc", corners, 1, start=start, end=end, fill=fill, width=width)

    def polygon(self, points: list[XY], fill: RGB, outline: RGB, width: int) -> None:
        self._add("polygon", points, width + 1, fill=fill, outline=outline, width=width)

    def bounds(self) -> Box:
        """The box (output pixels) holding everything drawn."""
        reaches = [call.reach for call in self.calls]
        low = [math.floor(min(r[i] for r in reaches) / SUPERSAMPLE) for i in (0, 1)]
        high = [math.ceil(max(r[i] for r in reaches) / SUPERSAMPLE) for i in (2, 3)]
        return low[0], low[1], high[0], high[1]

    def replay(self, draw: ImageDraw.ImageDraw, box: Box) -> None:
        """Draw the calls that reach into `box` (supersampled), moved to its corner."""
        left, top, right, bottom = box
        for (x0, y0, x1, y1), method, points, options in self.calls:
            if x1 >= left and x0 <= right and y1 >= top and y0 <= bottom:
                moved = [(x - left, y - top) for x, y in points]
                getattr(draw, method)(moved, **options)


def _across(start: XY, end: XY, along: float) -> float:
    """The segment's second coordinate where its first is `along`, kept within its ends."""
    (u0, v0), (u1, v1) = start, end
    if u0 == u1:
        return v0
    share = min(max((along - u0) / (u1 - u0), 0.0), 1.0)
    return v0 + (v1 - v0) * share


def covering(start: XY, end: XY, margin: float) -> list[Box]:
    """Disjoint boxes holding every point within `margin` of a segment (output pixels).

    A long diagonal is cut into strips across its longer axis, so the boxes
    hold far fewer pixels than the one box around it.
    """
    flip = abs(end[0] - start[0]) < abs(end[1] - start[1])
    a, b = (start[::-1], end[::-1]) if flip else (start, end)
    count = max(1, round(min(abs(b[0] - a[0]), abs(b[1] - a[1])) / STRIP))
    low, high = math.floor(min(a[0], b[0]) - margin), math.ceil(max(a[0], b[0]) + margin)
    cuts = [low + (high - low) * index // count for index in range(count + 1)]
    boxes = []
    for first, last in pairwise(cuts):
        sides = (_across(a, b, first), _across(a, b, last))
        near, far = math.floor(min(sides) - margin), math.ceil(max(sides) + margin)
        boxes.append((near, first, far, last) if flip else (first, near, last, far))
    return boxes


def _clipped(box: Box, limits: Box) -> Box | None:
    inside = (
        max(box[0], limits[0]),
        max(box[1], limits[1]),
        min(box[2], limits[2]),
        min(box[3], limits[3]),
    )
    return inside if inside[0] < inside[2] and inside[1] < inside[3] else None


def _paint_box(target: Image.Image, sketch: Sketch, box: Box) -> None:
    patch = target.crop(box)
    size = (patch.width * SUPERSAMPLE, patch.height * SUPERSAMPLE)
    big = patch.resize(size, Image.Resampling.NEAREST)
    left, top, right, bottom = (v * SUPERSAMPLE for v in box)
    sketch.replay(ImageDraw.Draw(big), (left, top, right, bottom))
    target.paste(big.reduce(SUPERSAMPLE), box[:2])


def paint(target: Image.Image, sketch: Sketch, boxes: Iterable[Box]) -> None:
    """Draw a sketch onto the map (RGB) within disjoint boxes (output pixels), smoothly.

    Each box is first cut down to what the sketch reaches and the map holds.
    """
    if not sketch.calls:
        return
    reach = _clipped(sketch.bounds(), (0, 0, *target.size))
    for box in boxes:
        inside = reach and _clipped(box, reach)
        if inside:
            _paint_box(target, sketch, inside)
