"""The outlines the page's clickable map lays over the picture: every
province, each of its rings, on the drawing's own canvas."""

from __future__ import annotations

from maps.geometry import load_geometry
from maps.shapes import overlay_shapes, svg_ring


def test_it_writes_a_ring_as_closed_path_data_in_whole_pixels() -> None:
    assert svg_ring((10.2, 20.6, 30.0, 40.4, 30.1, 39.9, 5.5, 6.4)) == "M10 21L30 40L6 6Z"


def test_it_keeps_every_ring_of_every_province() -> None:
    geometry = load_geometry()
    outlines = {p["code"]: p for p in overlay_shapes(geometry)["provinces"]}
    assert set(outlines) == set(geometry.provinces)
    for code, shape in geometry.provinces.items():
        assert outlines[code]["path"].count("M") == len(shape.polygons), code


def test_it_places_units_and_coasts_where_the_picture_does() -> None:
    geometry = load_geometry()
    spain = next(p for p in overlay_shapes(geometry)["provinces"] if p["code"] == "SPA")
    drawn = geometry.provinces["SPA"]
    assert spain["unit"] == [round(drawn.unit[0]), round(drawn.unit[1])]
    assert spain["coasts"]["NC"] == [round(v) for v in drawn.anchor("NC")]
    assert spain["kind"] == "coast" and spain["name"] == "Spain"
