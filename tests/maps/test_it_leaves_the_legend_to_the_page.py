"""The web pages' picture is drawn without its legend (the page sets the
legend beside it as text): the same pixels everywhere but the legend's panel,
where the open Atlantic shows instead."""

from PIL import ImageChops

from maps.legend import LEGEND_TOP, PANEL_ORIGIN, legend
from maps.render import DEFAULT_WIDTH, render_map
from tests.maps.helpers import TITLE, record


def _legend_box(scale: float) -> tuple[int, int, int, int]:
    width, height = legend(scale).size
    left, top = round(PANEL_ORIGIN[0] * scale), round(LEGEND_TOP * scale)
    return left, top, left + width, top + height


def test_only_the_legends_panel_differs():
    knowledge = record("germany_f1901m")
    with_legend = render_map(knowledge, TITLE)
    without = render_map(knowledge, TITLE, legend=False)
    changed = ImageChops.difference(with_legend, without).getbbox()
    assert changed is not None  # the legend was there, and is gone
    left, top, right, bottom = _legend_box(DEFAULT_WIDTH / 1200)
    assert left <= changed[0] and top <= changed[1]
    assert changed[2] <= right and changed[3] <= bottom


def test_no_ink_is_left_where_the_legend_stood():
    without = render_map(record("germany_f1901m"), TITLE, legend=False)
    panel = without.crop(_legend_box(DEFAULT_WIDTH / 1200))
    darkest, _ = panel.convert("L").getextrema()
    assert darkest > 100  # fogged sea and its stipple; the legend's type and rims were ink
