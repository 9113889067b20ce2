"""Each (phase, power) picture is drawn and encoded once; asking again costs a read."""

from __future__ import annotations

import pytest

from games import maps_adapter
from tests.maps.helpers import record


@pytest.fixture
def renders(monkeypatch, settings, tmp_path) -> list[str]:
    """Counts the renderer's calls; pictures are stored under a fresh media root."""
    settings.MEDIA_ROOT = str(tmp_path)
    drawn: list[str] = []
    real_render = maps_adapter.render_png

    def counting_render(knowledge, title, **options):
        drawn.append(title)
        return real_render(knowledge, title, **options)

    monkeypatch.setattr(maps_adapter, "render_png", counting_render)
    return drawn


def test_a_second_request_reads_the_stored_picture(renders):
    knowledge = record("germany_f1901m")
    first = maps_adapter.record_png(knowledge, "Test game")
    second = maps_adapter.record_png(knowledge, "Test game")
    assert second == first
    assert first.startswith(b"\x89PNG")
    assert len(renders) == 1


def test_a_changed_record_is_drawn_again(renders):
    knowledge = record("germany_f1901m")
    before = maps_adapter.record_png(knowledge, "Test game")
    knowledge["units"]["GERMANY"] = knowledge["units"]["GERMANY"][:-1]
    after = maps_adapter.record_png(knowledge, "Test game")
    assert len(renders) == 2
    assert after != before


def test_the_stored_name_follows_the_renderer_version(monkeypatch):
    knowledge = record("germany_f1901m")
    name = maps_adapter.picture_name(knowledge, "Test game")
    monkeypatch.setattr(maps_adapter, "RENDERER_VERSION", maps_adapter.RENDERER_VERSION + 1)
    assert maps_adapter.picture_name(knowledge, "Test game") != name
