"""The pure pieces of the replay: stored pictures into one GIF, centre counts into SVG."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from maps.animation import FRAME_MS, LAST_FRAME_MS, animate
from maps.chart import centre_chart_svg


def picture(colour: tuple[int, int, int], size: tuple[int, int] = (40, 30)) -> bytes:
    """A one-colour palette PNG, as the renderer stores its maps."""
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).quantize(8).save(buffer, format="PNG")
    return buffer.getvalue()


def test_it_makes_one_frame_a_picture_and_holds_the_last() -> None:
    gif = Image.open(io.BytesIO(animate([picture((240, 234, 218)), picture((204, 223, 238))])))
    assert getattr(gif, "n_frames", 1) == 2
    assert gif.info["duration"] == FRAME_MS
    gif.seek(1)
    assert gif.info["duration"] == LAST_FRAME_MS
    assert gif.convert("RGB").getpixel((0, 0)) == (204, 223, 238)


def test_it_refuses_no_frames_and_frames_of_other_sizes() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        animate([])
    with pytest.raises(ValueError, match="differ in size"):
        animate([picture((0, 0, 0)), picture((0, 0, 0), (41, 30))])


def test_it_draws_a_line_and_a_key_entry_per_power_in_board_order() -> None:
    steps = [("start", {"FRANCE": 3, "GERMANY": 3}), ("1901", {"FRANCE": 5})]
    svg = centre_chart_svg(steps, {"GERMANY": (1, 2, 3), "FRANCE": (255, 0, 16)}, 18)
    assert svg.count("<polyline") == 2
    assert svg.index("Germany 0") < svg.index("France 5")
    assert 'stroke="#ff0010"' in svg and ">start<" in svg


def test_it_escapes_labels() -> None:
    svg = centre_chart_svg([("<b>", {"X&Y": 1})], {"X&Y": (0, 0, 0)}, 2)
    assert "&lt;b&gt;" in svg and "X&amp;Y 1" in svg and "<b>" not in svg


def test_it_refuses_an_empty_chart() -> None:
    with pytest.raises(ValueError, match="at least one step"):
        centre_chart_svg([], {}, 18)
