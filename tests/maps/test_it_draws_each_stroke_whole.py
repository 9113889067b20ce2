"""Strokes drawn box by box look as if each were drawn in one piece."""

from maps import arrows, supersample
from maps.render import render_map
from tests.maps.helpers import TITLE, record


def test_cutting_long_strokes_into_strips_changes_no_pixel(monkeypatch):
    busy = record("game_master_busy")
    strips = render_map(busy, TITLE)
    monkeypatch.setattr(supersample, "STRIP", 1e9)
    whole = render_map(busy, TITLE)
    assert strips.tobytes() == whole.tobytes()


def test_the_boxes_hold_everything_a_stroke_draws(monkeypatch):
    busy = record("game_master_busy")
    tight = render_map(busy, TITLE)
    monkeypatch.setattr(arrows, "_margin", lambda stroke: 60.0)
    roomy = render_map(busy, TITLE)
    assert tight.tobytes() == roomy.tobytes()
