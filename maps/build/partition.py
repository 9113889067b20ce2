"""Split the projected land and sea into the board's provinces.

Land first keeps the real outlines of the countries in REAL_BORDERS; the rest
of each connected land or sea piece is cut by nearest seed (a Voronoi
diagram). A cell fragment that holds none of its own seeds joins the
neighbour it shares the longest border with.
"""

from dataclasses import dataclass, field

import shapely
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from maps.build import seeds
from maps.build.projection import Canvas

# Pieces of a real-border country smaller than this (square pixels) are islets.
MIN_PIECE_AREA = 40.0
MERGE_PASSES = 6


@dataclass
class Layout:
    """Provinces and the decoration around them, in canvas pixels."""

    provinces: dict[str, BaseGeometry]
    impassable: BaseGeometry
    lakes: BaseGeometry
    islands: BaseGeometry


@dataclass
class _Assignment:
    parts: dict[str, list[Polygon]] = field(default_factory=dict)
    seeds: dict[str, list[Point]] = field(default_factory=dict)
    loose: list[Polygon] = field(default_factory=list)

    def add(self, code: str, geometry: BaseGeometry) -> None:
        self.parts.setdefault(code, []).extend(polygons_of(geometry))


def polygons_of(geometry: BaseGeometry) -> list[Polygon]:
    """The non-empty polygons inside any geometry, collections included."""
    found: list[Polygon] = []
    for part in shapely.get_parts(geometry):
        if isinstance(part, Polygon):
            found += [] if part.is_empty else [part]
        elif hasattr(part, "geoms"):
            found += polygons_of(part)
    return found


def _points(canvas: Canvas, places: tuple[tuple[float, float], ...]) -> list[Point]:
    return [Point(canvas.to_pixels(lon, lat)) for lon, lat in places]


def _seed_points(
    canvas: Canvas, table: dict[str, tuple[tuple[float, float], ...]]
) -> dict[str, list[Point]]:
    return {code: _points(canvas, places) for code, places in table.items()}


def _strait_fills(canvas: Canvas, land: BaseGeometry) -> dict[str, BaseGeometry]:
    fills = {}
    for name, ring in seeds.STRAIT_FILLS.items():
        shape = Polygon([canvas.to_pixels(lon, lat) for lon, lat in ring])
        fills[name] = shapely.difference(shape, land)
    return fills


def _voronoi(piece: Polygon, seeds_here: list[tuple[str, Point]]) -> list[tuple[str, BaseGeometry]]:
    if len(seeds_here) == 1:
        return [(seeds_here[0][0], piece)]
    points = MultiPoint([point for _, point in seeds_here])
    cells = shapely.voronoi_polygons(points, extend_to=piece, ordered=True)
    return [
        (code, shapely.intersection(cell, piece))
        for (code, _), cell in zip(seeds_here, cells.geoms, strict=True)
    ]


def _split_pieces(
    pieces: list[Polygon], seed_table: dict[str, list[Point]], into: _Assignment
) -> None:
    prepared = [(code, point) for code, points in seed_table.items() for point in points]
    for piece in pieces:
        shapely.prepare(piece)
        seeds_here = [(code, point) for code, point in prepared if piece.contains(point)]
        if not seeds_here:
            into.loose.append(piece)
            continue
        for code, cell in _voronoi(piece, seeds_here):
            into.add(code, cell)


def _shared_length(piece: Polygon, other: BaseGeometry) -> float:
    return float(shapely.intersection(other.boundary, piece.buffer(0.05)).length)


def _keeps(code: str, part: Polygon, assignment: _Assignment) -> bool:
    if code in seeds.REAL_BORDERS:
        return part.area >= MIN_PIECE_AREA
    return any(part.contains(point) for point in assignment.seeds.get(code, []))


def _separate_fragments(assignment: _Assignment) -> tuple[dict[str, BaseGeometry], list[Polygon]]:
    kept: dict[str, BaseGeometry] = {}
    fragments = list(assignment.loose)
    for code, parts in assignment.parts.items():
        whole = polygons_of(shapely.union_all(parts))
        kept[code] = shapely.union_all([p for p in whole if _keeps(code, p, assignment)])
        fragments += [p for p in whole if not _keeps(code, p, assignment)]
    return kept, fragments


def _best_neighbour(fragment: Polygon, kept: dict[str, BaseGeometry]) -> str | None:
    lengths = {code: _shared_length(fragment, shape) for code, shape in kept.items()}
    code, length = max(lengths.items(), key=lambda item: item[1], default=("", 0.0))
    return code if length > 0 else None


def _settle(assignment: _Assignment) -> tuple[dict[str, BaseGeometry], list[Polygon]]:
    """Merge fragments into their best neighbour; return what has none."""
    kept, fragments = _separate_fragments(assignment)
    for _ in range(MERGE_PASSES):
        stranded = []
        for fragment in sorted(fragments, key=lambda p: -p.area):
            code = _best_neighbour(fragment, kept)
            if code is None:
                stranded.append(fragment)
            else:
                kept[code] = shapely.union(kept[code], fragment)
        if len(stranded) == len(fragments):
            break
        fragments = stranded
    return kept, fragments


def _countries_union(countries: dict[str, BaseGeometry], codes: tuple[str, ...]) -> BaseGeometry:
    return shapely.union_all([countries[code] for code in codes if code in countries])


def _transfer(assignment: _Assignment, canvas: Canvas) -> None:
    for giver, taker, ring in seeds.TRANSFERS:
        area = Polygon([canvas.to_pixels(lon, lat) for lon, lat in ring])
        given = shapely.intersection(shapely.union_all(assignment.parts[giver]), area)
        assignment.parts[giver] = polygons_of(
            shapely.difference(shapely.union_all(assignment.parts[giver]), area)
        )
        assignment.add(taker, given)


def _split_land(
    countries: dict[str, BaseGeometry],
    land: BaseGeometry,
    fills: dict[str, BaseGeometry],
    canvas: Canvas,
) -> tuple[dict[str, BaseGeometry], BaseGeometry, list[Polygon]]:
    assignment = _Assignment(seeds=_seed_points(canvas, seeds.LAND_SEEDS))
    for code, country_codes in seeds.REAL_BORDERS.items():
        assignment.add(code, shapely.intersection(_countries_union(countries, country_codes), land))
    assignment.add("DEN", fills["Danish belts"])
    _transfer(assignment, canvas)
    impassable = shapely.intersection(_countries_union(countries, seeds.IMPASSABLE), land)
    taken = shapely.union_all(
        [impassable, *[g for parts in assignment.parts.values() for g in parts]]
    )
    rest = shapely.difference(land, taken)
    _split_pieces(polygons_of(rest), assignment.seeds, assignment)
    provinces, stranded = _settle(assignment)
    return provinces, impassable, stranded


def _split_sea(
    sea_area: BaseGeometry, canvas: Canvas
) -> tuple[dict[str, BaseGeometry], list[Polygon]]:
    assignment = _Assignment(seeds=_seed_points(canvas, seeds.SEA_SEEDS))
    _split_pieces(polygons_of(sea_area), assignment.seeds, assignment)
    lakes = list(assignment.loose)
    assignment.loose = []
    provinces, stranded = _settle(assignment)
    return provinces, lakes + stranded


def build_layout(countries: dict[str, BaseGeometry], canvas: Canvas) -> Layout:
    """Cut the canvas into provinces, impassable land, lakes and islands."""
    frame = shapely.box(0, 0, canvas.width, canvas.height)
    all_land = shapely.union_all(list(countries.values()))
    fills = _strait_fills(canvas, all_land)
    land = shapely.union_all([all_land, *fills.values()])
    marks = _points(canvas, tuple(seeds.DECORATION_ISLANDS.values()))
    named_islands = [p for p in polygons_of(land) if any(p.contains(m) for m in marks)]
    land = shapely.difference(land, shapely.union_all(named_islands))
    fills["Danish belts"] = shapely.intersection(fills["Danish belts"], land)
    land_provinces, impassable, islets = _split_land(countries, land, fills, canvas)
    islands = shapely.union_all(named_islands + islets)
    # Islands and islets stay inside the sea cells and are drawn over them.
    sea_area = shapely.difference(frame, shapely.union_all([impassable, *land_provinces.values()]))
    sea_provinces, lakes = _split_sea(sea_area, canvas)
    return Layout(
        provinces={**land_provinces, **sea_provinces},
        impassable=impassable,
        lakes=shapely.union_all(lakes),
        islands=islands,
    )
