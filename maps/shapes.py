"""The provinces' outlines for the page's clickable map (games' map overlay).

Public geometry only: each province's code, name, kind, outline as an SVG
path in the drawing's own pixels, and where a unit stands (and on which
coasts), so a browser can lay an SVG over the Pillow picture, which is
drawn on the same canvas, and know what was clicked.
"""

from __future__ import annotations

from typing import Any

from maps.geometry import MapGeometry, ProvinceShape, Ring


def overlay_shapes(geometry: MapGeometry) -> dict[str, Any]:
    """Every province as the overlay needs it, in the drawing's coordinates."""
    return {
        "width": geometry.width,
        "height": geometry.height,
        "provinces": [_province(shape) for shape in geometry.provinces.values()],
    }


def _province(shape: ProvinceShape) -> dict[str, Any]:
    return {
        "code": shape.code,
        "name": shape.name,
        "kind": shape.kind,
        "path": " ".join(svg_ring(ring) for ring in shape.polygons),
        "unit": _point(shape.unit),
        "coasts": {coast: _point(xy) for coast, xy in shape.coasts},
    }


def svg_ring(ring: Ring) -> str:
    """One closed outline as SVG path data, in whole pixels (finer than a tap),
    without the points that rounding makes repeat."""
    points: list[tuple[int, int]] = []
    for x, y in zip(ring[::2], ring[1::2], strict=True):
        point = (round(x), round(y))
        if not points or points[-1] != point:
            points.append(point)
    head, *rest = points
    return f"M{head[0]} {head[1]}" + "".join(f"L{x} {y}" for x, y in rest) + "Z"


def _point(xy: tuple[float, float]) -> list[int]:
    return [round(xy[0]), round(xy[1])]
