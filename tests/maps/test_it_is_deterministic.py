"""The same record always gives the same bytes, with warm or cold caches."""

import io
from dataclasses import replace

from PIL import Image

from maps import layers, palette, render, units
from maps.geometry import load_geometry
from maps.record import read_record
from maps.render import render_png
from tests.maps.helpers import TITLE, record


def test_same_record_same_bytes():
    knowledge = record("germany_f1901m")
    assert render_png(knowledge, TITLE) == render_png(knowledge, TITLE)


def test_cold_caches_give_the_same_bytes():
    knowledge = record("game_master_s1901m")
    warm = render_png(knowledge, TITLE)
    for cached in (
        layers.province_id_image,
        layers.fog_image,
        layers.line_art,
        layers.neutral_map,
        layers.fogged_map,
        layers.province_boxes,
        layers.fog_start,
        layers.province_piece,
        layers._province_mask,
        units.unit_sprite,
    ):
        cached.cache_clear()
    render.png_palette.cache_clear()
    assert render_png(knowledge, TITLE) == warm


def test_maps_are_small_pngs():
    for name in ("germany_f1901m", "game_master_s1901m", "game_master_busy"):
        png = render_png(record(name), TITLE)
        assert png.startswith(b"\x89PNG")
        assert len(png) <= 100_000, f"{name}: {len(png)} bytes"


def _hidden(knowledge, geometry):
    """Where a power sees fog: provinces it cannot see, with their islands, and lakes."""
    numbers = geometry.province_ids()
    hidden = {numbers[code] for code in geometry.provinces if not knowledge.can_see(code)}
    if not hidden:
        return None
    lut = [255 if layers.province_of_id(value) in hidden else 0 for value in range(256)]
    lut[layers.LAKE_ID] = 255
    return layers.province_id_image(geometry, 1.0).point(lut)


def _painted_afresh(knowledge):
    """The map's fills and line art the slow way: every province painted, art over all."""
    geometry = load_geometry()
    owned = {code: palette.tint(owner) for code, owner in knowledge.centres.items()}
    image = layers.paint(geometry, 1.0, layers.colour_table(geometry, owned))
    hidden = _hidden(knowledge, geometry)
    if hidden is not None:
        image.paste(layers.fog_image(geometry, 1.0), (0, 0), hidden)
    art = layers.line_art(geometry, 1.0)
    image.paste(art, (0, 0), art)
    return image


def test_pasting_provinces_equals_painting_afresh():
    geometry = load_geometry()
    observer = {"power": "ITALY", "phase": "S1901M", "sees": [], "units": {}, "centers": {}}
    records = [record(n) for n in ("germany_f1901m", "game_master_s1901m", "game_master_busy")]
    sees_all = {**records[1], "power": "FRANCE", "sees": sorted(geometry.provinces)}
    for index, raw in enumerate([*records, observer, sees_all]):
        knowledge = read_record(raw, frozenset(geometry.provinces))
        seen = {c: o for c, o in knowledge.centres.items() if knowledge.can_see(c)}
        fast = render._base(knowledge, geometry, 1.0)
        slow = _painted_afresh(replace(knowledge, centres=seen))
        assert fast.tobytes() == slow.tobytes(), index


def test_it_writes_the_busiest_maps_smaller_and_the_rest_quickly(monkeypatch):
    """Over PNG_MAX_BYTES at the quick level, a map is written at the small one."""
    busy = render_png(record("game_master_busy"), TITLE)
    assert len(busy) <= 100_000
    monkeypatch.setattr(render, "PNG_MAX_BYTES", 10**9)  # every map the quick way
    quick = render_png(record("game_master_busy"), TITLE)
    monkeypatch.setattr(render, "PNG_MAX_BYTES", len(quick) - 1)  # this map over the cap
    small = render_png(record("game_master_busy"), TITLE)
    assert len(small) < len(quick)
    assert Image.open(io.BytesIO(small)).tobytes() == Image.open(io.BytesIO(quick)).tobytes()
