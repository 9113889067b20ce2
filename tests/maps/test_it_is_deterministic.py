"""The same record always gives the same bytes, with warm or cold caches."""

from maps import layers, render, units
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


def test_tinting_a_box_and_repainting_everything_agree(monkeypatch):
    for name in ("germany_f1901m", "game_master_s1901m"):
        knowledge = record(name)
        monkeypatch.setattr(render, "REPAINT_SHARE", 0.0)
        repainted = render.render_map(knowledge, TITLE)
        monkeypatch.setattr(render, "REPAINT_SHARE", 1.0)
        tinted = render.render_map(knowledge, TITLE)
        assert repainted.tobytes() == tinted.tobytes(), name
