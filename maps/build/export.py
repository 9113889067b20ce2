"""Turn the layout into the committed JSON: simplified, rounded, compact."""

import json
from typing import Any

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from maps.adjacency import board
from maps.build.partition import Layout, polygons_of
from maps.build.placement import place
from maps.build.projection import Canvas

# Area-based tolerance (pixels) for the final, border-preserving simplification.
FINAL_TOLERANCE = 1.4
# Islets smaller than this (square pixels) are not worth drawing.
MIN_ISLET_AREA = 8.0

SOURCE = (
    "Made from Natural Earth 1:10m admin-0 countries (public domain) by python -m maps.build; "
    "see maps/data/NOTICE"
)


def simplify_layout(layout: Layout) -> Layout:
    """Simplify every area together so shared borders stay shared."""
    codes = sorted(layout.provinces)
    shapes = [layout.provinces[code] for code in codes] + [layout.impassable, layout.lakes]
    simplified = list(shapely.coverage_simplify(shapes, FINAL_TOLERANCE))
    islets = [p for p in polygons_of(layout.islands) if p.area >= MIN_ISLET_AREA]
    islands = shapely.simplify(shapely.union_all(islets), 0.4)
    return Layout(
        dict(zip(codes, simplified[:-2], strict=True)), simplified[-2], simplified[-1], islands
    )


def _ring(polygon: Polygon) -> list[float]:
    flat: list[float] = []
    for x, y in polygon.exterior.coords[:-1]:
        point = [round(x, 1), round(y, 1)]
        if flat[-2:] != point:
            flat += point
    return flat


def rings(shape: BaseGeometry) -> list[list[float]]:
    """Outer rings of a shape as flat [x0, y0, x1, y1, ...] lists."""
    found = [_ring(polygon) for polygon in polygons_of(shape)]
    return [ring for ring in found if len(ring) >= 6]


def _point(xy: tuple[float, float] | None) -> list[float] | None:
    return None if xy is None else [round(xy[0], 1), round(xy[1], 1)]


def _province(
    code: str, shape: BaseGeometry, islands: BaseGeometry, canvas: Canvas
) -> dict[str, Any]:
    graph = board()
    name, kind = graph.provinces[code].name, graph.provinces[code].kind
    is_centre = code in graph.supply_centres
    # A fleet and a sea's label belong on water, not on an island inside the sea.
    open_area = shapely.difference(shape, islands) if kind == "sea" else shape
    anchors = place(code, open_area, is_centre, canvas)
    return {
        "name": name,
        "kind": kind,
        "supply_centre": is_centre,
        "unit": _point(anchors.unit),
        "label": _point(anchors.label),
        "centre": _point(anchors.centre),
        "coasts": {coast: _point(xy) for coast, xy in anchors.coasts.items()},
        "polygons": rings(shape),
    }


def map_data(layout: Layout, canvas: Canvas) -> dict[str, Any]:
    """The whole map as plain data, in canvas pixels."""
    return {
        "source": SOURCE,
        "width": canvas.width,
        "height": canvas.height,
        "draw_order": "seas, then land, impassable, lakes, islands; later areas cover holes",
        "provinces": {
            code: _province(code, shape, layout.islands, canvas)
            for code, shape in sorted(layout.provinces.items())
        },
        "impassable": rings(layout.impassable),
        "impassable_codes": sorted(
            code for code, province in board().provinces.items() if province.kind == "impassable"
        ),
        "lakes": rings(layout.lakes),
        "islands": rings(layout.islands),
    }


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def to_json(data: dict[str, Any]) -> str:
    """Compact JSON with one province per line, so diffs stay readable."""
    lines = ["{"]
    for key, value in sorted(data.items()):
        if key == "provinces":
            inner = ",\n".join(f'  "{code}":{_compact(v)}' for code, v in value.items())
            lines.append('"provinces":{\n' + inner + "\n},")
        else:
            lines.append(f'"{key}":{_compact(value)},')
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join([*lines, "}"]) + "\n"
