"""Where each province's unit, label and supply-centre marker go.

The unit stands at the centre of the largest circle that fits the province;
the label and the centre marker take the first nearby spot that keeps clear
of the coast and of each other. Hand placements in `seeds` win.
"""

from dataclasses import dataclass

import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from maps.build import seeds
from maps.build.partition import polygons_of
from maps.build.projection import Canvas

XY = tuple[float, float]

# Sizes at canvas scale, matching what the renderer draws.
LABEL_HALF_SIZE = (12.0, 5.5)
CENTRE_RADIUS = 5.0
UNIT_RADIUS = 11.0
LABEL_OFFSETS: tuple[XY, ...] = ((0, -19), (0, 19), (-27, 0), (27, 0), (-20, -15), (20, -15))
CENTRE_OFFSETS: tuple[XY, ...] = (
    (20, 9),
    (-20, 9),
    (20, -9),
    (-20, -9),
    (0, 18),
    (0, -18),
    (22, 0),
    (-22, 0),
)


@dataclass(frozen=True)
class Placement:
    """Anchor points of one province, in canvas pixels."""

    unit: XY
    label: XY
    centre: XY | None
    coasts: dict[str, XY]


def _largest(shape: BaseGeometry) -> Polygon:
    return max(polygons_of(shape), key=lambda polygon: polygon.area)


def _pole(shape: BaseGeometry) -> XY:
    line = shapely.maximum_inscribed_circle(_largest(shape), 0.5)
    x, y = line.coords[0]
    return float(x), float(y)


def _moved(point: XY, offset: XY) -> XY:
    return point[0] + offset[0], point[1] + offset[1]


def _label_box(point: XY) -> Polygon:
    half_w, half_h = LABEL_HALF_SIZE
    return box(point[0] - half_w, point[1] - half_h, point[0] + half_w, point[1] + half_h)


def _pick(
    candidates: list[tuple[XY, BaseGeometry]], inside: BaseGeometry, clear_of: list
) -> XY | None:
    for point, footprint in candidates:
        if inside.contains(footprint) and not any(footprint.intersects(c) for c in clear_of):
            return point
    return None


def _place_label(unit: XY, shape: BaseGeometry) -> XY:
    candidates = [(p, _label_box(p)) for p in (_moved(unit, o) for o in LABEL_OFFSETS)]
    unit_disc = Point(unit).buffer(UNIT_RADIUS)
    found = _pick(candidates, shape, [unit_disc])
    return found or _moved(unit, LABEL_OFFSETS[0])


def _place_centre(unit: XY, label: XY, shape: BaseGeometry) -> XY:
    points = [_moved(unit, offset) for offset in CENTRE_OFFSETS]
    candidates = [(p, Point(p).buffer(CENTRE_RADIUS + 1)) for p in points]
    clear_of = [Point(unit).buffer(UNIT_RADIUS), _label_box(label)]
    found = _pick(candidates, shape, clear_of)
    return found or _moved(unit, CENTRE_OFFSETS[0])


def _hand_placed(table: dict, code: str, canvas: Canvas) -> XY | None:
    return canvas.to_pixels(*table[code]) if code in table else None


def place(code: str, shape: BaseGeometry, is_centre: bool, canvas: Canvas) -> Placement:
    """Anchors for one province (shape in canvas pixels)."""
    unit = _hand_placed(seeds.UNIT_AT, code, canvas) or _pole(shape)
    label = _hand_placed(seeds.LABEL_AT, code, canvas) or _place_label(unit, shape)
    centre = _hand_placed(seeds.CENTRE_AT, code, canvas) or _place_centre(unit, label, shape)
    coasts = {
        name.split("/")[1]: canvas.to_pixels(*where)
        for name, where in seeds.COAST_ANCHORS.items()
        if name.startswith(code + "/")
    }
    return Placement(unit, label, centre if is_centre else None, coasts)
