"""Observed orders as arrows: moves solid, supports dashed, convoys dotted.

A failed or illegal order gets a cross on its line. A masked end (null in
the record) becomes a short stub ending in '?'. Each stroke is drawn at twice
the size straight onto the map, in a few small boxes along it
(`maps.supersample`), so lines are smooth at little cost.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from maps import palette
from maps.palette import RGB
from maps.record import Location, Order
from maps.supersample import SUPERSAMPLE, Sketch, covering, paint
from maps.text import haloed
from maps.units import Sprite, paste_centred

XY = tuple[float, float]
LINE_WIDTH = 2.6
HEAD_LENGTH = 10.0
HEAD_HALF_WIDTH = 5.5
DOT_RADIUS = 3.0
UNIT_GAP = 12.0  # arrows start and stop this far from a unit's anchor
STUB = (36.0, -28.0)  # direction and length of a stub towards a masked end
DASH = (7.0, 4.5)
DOT_SPACING = 5.5
CROSS_HALF = 5.0
OPTION_DASHES = 8  # dashes in the ring that marks a retreat option
FAILED = frozenset({"fail", "illegal"})
MARKERS = frozenset({"ring", "cross", "option"})  # drawn on a unit's spot, not along a line


@dataclass(frozen=True)
class Stroke:
    """One order as something to draw, in output pixels."""

    start: XY
    end: XY
    style: str  # solid, dashed, dotted, ring, cross, option
    colour: RGB
    tip: str  # arrow, dot, none
    failed: bool
    unknown: XY | None = None  # where to write '?'


def _toward(a: XY, b: XY, distance: float) -> XY:
    length = math.dist(a, b) or 1.0
    share = distance / length
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def _trimmed(a: XY, b: XY, gap_a: float, gap_b: float) -> tuple[XY, XY]:
    if math.dist(a, b) <= gap_a + gap_b + 4:
        return a, b
    return _toward(a, b, gap_a), _toward(b, a, gap_b)


def _midpoint(a: XY, b: XY) -> XY:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


Anchor = Callable[[Location], XY]


def _ends(order: Order, anchor: Anchor, scale: float) -> tuple[XY, XY, XY | None] | None:
    """Start, end and the '?' spot of a move-like order; None if both ends are masked."""
    stub = (STUB[0] * scale, STUB[1] * scale)
    if order.origin and order.to:
        start, end = anchor(order.origin), anchor(order.to)
        return (*_trimmed(start, end, UNIT_GAP * scale, UNIT_GAP * scale), None)
    if order.to:
        end = anchor(order.to)
        start = (end[0] - stub[0], end[1] - stub[1])
        return start, _toward(end, start, UNIT_GAP * scale), start
    if order.origin:
        start = anchor(order.origin)
        end = (start[0] + stub[0], start[1] + stub[1])
        return _toward(start, end, UNIT_GAP * scale), end, end
    return None


def _aim(order: Order, anchor: Anchor, scale: float, start: XY | None) -> XY | None:
    """Where a support or convoy points: the supported move's middle, or its unit."""
    if order.target_from and order.target_to:
        return _midpoint(anchor(order.target_from), anchor(order.target_to))
    known = order.target_to or order.target_from
    if known is None:
        return None
    unit = anchor(known)
    return unit if start is None else _toward(unit, start, UNIT_GAP * scale)


def _assisting(
    order: Order, anchor: Anchor, scale: float, style: str, colour: RGB
) -> Stroke | None:
    start = anchor(order.origin) if order.origin else None
    aim = _aim(order, anchor, scale, start)
    stub = (STUB[0] * scale, STUB[1] * scale)
    if start is None and aim is None:
        return None
    if start is None:
        assert aim is not None
        start = (aim[0] - stub[0], aim[1] - stub[1])
        return _stroke(order, (start, aim, start), style, "dot", colour)
    if aim is None:
        end = (start[0] + stub[0], start[1] + stub[1])
        return _stroke(
            order, (_toward(start, end, UNIT_GAP * scale), end, end), style, "dot", colour
        )
    return _stroke(order, (_toward(start, aim, UNIT_GAP * scale), aim, None), style, "dot", colour)


def _stroke(
    order: Order, ends: tuple[XY, XY, XY | None], style: str, tip: str, colour: RGB
) -> Stroke:
    start, end, unknown = ends
    return Stroke(start, end, style, colour, tip, order.result in FAILED, unknown)


def _marker(order: Order, anchor: Anchor, style: str, colour: RGB) -> Stroke | None:
    where = order.origin or order.to
    if where is None:
        return None
    point = anchor(where)
    return _stroke(order, (point, point, None), style, "none", colour)


def plan(
    order: Order, anchor: Anchor, scale: float, colours: palette.Colours = palette.POWER_COLOURS
) -> Stroke | None:
    """What to draw for one observed order (None: nothing to show)."""
    colour = palette.power_colour(order.power, colours)
    if order.kind in ("move", "retreat"):
        ends = _ends(order, anchor, scale)
        return None if ends is None else _stroke(order, ends, "solid", "arrow", colour)
    if order.kind == "support":
        return _assisting(order, anchor, scale, "dashed", colour)
    if order.kind == "convoy":
        return _assisting(order, anchor, scale, "dotted", colour)
    if order.kind in ("hold", "build"):
        return _marker(order, anchor, "ring", colour)
    if order.kind in ("disband", "remove"):
        return _marker(order, anchor, "cross", colour)
    return None


def retreat_option(at: XY, colour: RGB) -> Stroke:
    """A faint dashed ring, in the unit's colour, where a dislodged unit may retreat to."""
    return Stroke(at, at, "option", colour, "none", False)


def _option(draw: Sketch, at: XY, size: float, colour: RGB) -> None:
    radius = UNIT_GAP * 0.8 * size
    box = (at[0] - radius, at[1] - radius, at[0] + radius, at[1] + radius)
    width = round(LINE_WIDTH * size * 0.5)
    for start in range(0, 360, 360 // OPTION_DASHES):
        end = start + 360 // OPTION_DASHES * 0.6
        draw.arc(box, start, end, fill=palette.GHOST_INK, width=width + SUPERSAMPLE)
        draw.arc(box, start, end, fill=colour, width=width)


def _pieces(start: XY, end: XY, on: float, off: float) -> list[tuple[XY, XY]]:
    length = math.dist(start, end)
    pieces, position = [], 0.0
    while position < length:
        stop = min(position + on, length)
        pieces.append((_toward(start, end, position), _toward(start, end, stop)))
        position = stop + off
    return pieces


def _line(draw: Sketch, stroke: Stroke, start: XY, end: XY, width: float) -> None:
    casing, core = round(width + 2 * SUPERSAMPLE), round(width)
    if stroke.style == "dotted":
        step = DOT_SPACING * width / LINE_WIDTH
        for a, _ in _pieces(start, end, 0.01, step):
            _dot(draw, a, width * 0.6, stroke.colour)
        return
    on, off = (DASH[0] * width / LINE_WIDTH, DASH[1] * width / LINE_WIDTH)
    pieces = _pieces(start, end, on, off) if stroke.style == "dashed" else [(start, end)]
    for colour, thickness in ((palette.INK, casing), (stroke.colour, core)):
        for a, b in pieces:
            draw.line([a, b], fill=colour, width=thickness)


def _dot(draw: Sketch, at: XY, radius: float, colour: RGB) -> None:
    box = (at[0] - radius, at[1] - radius, at[0] + radius, at[1] + radius)
    draw.ellipse(box, fill=colour, outline=palette.INK, width=SUPERSAMPLE)


def _head(draw: Sketch, start: XY, end: XY, size: float, colour: RGB) -> None:
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    back = (
        end[0] - math.cos(angle) * HEAD_LENGTH * size,
        end[1] - math.sin(angle) * HEAD_LENGTH * size,
    )
    side = (-math.sin(angle) * HEAD_HALF_WIDTH * size, math.cos(angle) * HEAD_HALF_WIDTH * size)
    points = [end, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]
    draw.polygon(points, fill=colour, outline=palette.INK, width=SUPERSAMPLE)


def _cross(draw: Sketch, at: XY, half: float, width: int) -> None:
    x, y = at
    arms = [(math.cos(a) * half, math.sin(a) * half) for a in (math.pi / 4, -math.pi / 4)]
    for colour, thickness in (
        (palette.WHITE, width * 2 + 2 * SUPERSAMPLE),
        (palette.FAIL_MARK, width),
    ):
        for dx, dy in arms:
            draw.line([(x - dx, y - dy), (x + dx, y + dy)], fill=colour, width=thickness)


def _ring(draw: Sketch, at: XY, radius: float, stroke: Stroke, width: float) -> None:
    box = (at[0] - radius, at[1] - radius, at[0] + radius, at[1] + radius)
    draw.ellipse(box, outline=palette.INK, width=round(width + 2 * SUPERSAMPLE))
    draw.ellipse(box, outline=stroke.colour, width=round(width))


def _draw_shapes(draw: Sketch, stroke: Stroke, start: XY, end: XY, size: float) -> None:
    width = LINE_WIDTH * size
    if stroke.style == "ring":
        _ring(draw, start, UNIT_GAP * 1.25 * size, stroke, width * 0.8)
    elif stroke.style == "cross":
        _cross(draw, start, CROSS_HALF * 1.5 * size, round(width))
    elif stroke.style == "option":
        _option(draw, start, size, stroke.colour)
    else:
        shaft_end = _toward(end, start, HEAD_LENGTH * size * 0.6) if stroke.tip == "arrow" else end
        _line(draw, stroke, start, shaft_end, width)
        if stroke.tip == "arrow":
            _head(draw, start, end, size, stroke.colour)
        elif stroke.tip == "dot":
            _dot(draw, end, DOT_RADIUS * size, stroke.colour)
    if stroke.failed and stroke.style not in ("ring", "cross"):
        _cross(draw, _midpoint(start, end), CROSS_HALF * size, round(width * 0.8))
    elif stroke.failed:  # beside the unit, so its letter stays readable
        edge = UNIT_GAP * size
        _cross(draw, (start[0] + edge, start[1] - edge), CROSS_HALF * size, round(width * 0.8))


def _margin(stroke: Stroke) -> float:
    """How far from its line a stroke may draw: its head, end dot or cross.

    Generous for rings and crosses: the boxes are cut to what is drawn anyway.
    """
    if stroke.style in MARKERS:
        return UNIT_GAP * 1.25 + CROSS_HALF * 2 + LINE_WIDTH * 2
    return HEAD_HALF_WIDTH + LINE_WIDTH


@lru_cache(maxsize=128)
def _marker_sprite(style: str, colour: RGB, failed: bool, scale: float) -> Sprite:
    """A ring, cross or retreat-option ring drawn once, to paste on each unit it marks."""
    half = math.ceil(_margin(Stroke((0, 0), (0, 0), style, colour, "none", failed)) * scale)
    centre = (half * SUPERSAMPLE, half * SUPERSAMPLE)
    sketch = Sketch()
    _draw_shapes(
        sketch,
        Stroke(centre, centre, style, colour, "none", failed),
        centre,
        centre,
        scale * SUPERSAMPLE,
    )
    big = Image.new("RGBA", (2 * centre[0], 2 * centre[1]), (0, 0, 0, 0))
    sketch.replay(ImageDraw.Draw(big), (0, 0, big.width, big.height))
    return Sprite.of(big.reduce(SUPERSAMPLE))


def draw_stroke(target: Image.Image, stroke: Stroke, scale: float) -> None:
    """Draw one stroke onto the map (RGB), smoothing it by supersampling.

    Rings and crosses, the same wherever they stand, are cached sprites.
    """
    if stroke.style in MARKERS:
        marker = _marker_sprite(stroke.style, stroke.colour, stroke.failed, scale)
        paste_centred(target, marker, stroke.start)
        return
    sketch = Sketch()
    start, end = (
        (point[0] * SUPERSAMPLE, point[1] * SUPERSAMPLE) for point in (stroke.start, stroke.end)
    )
    _draw_shapes(sketch, stroke, start, end, scale * SUPERSAMPLE)
    paint(target, sketch, covering(stroke.start, stroke.end, _margin(stroke) * scale))
    if stroke.unknown is not None:
        haloed(ImageDraw.Draw(target), stroke.unknown, "?", round(14 * scale), palette.INK)
