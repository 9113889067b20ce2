"""No unit, label or centre sits under the title or the legend."""

from maps.geometry import load_geometry
from maps.legend import LEGEND_TOP, PANEL_ORIGIN, legend

TITLE_AREA = (0, 0, 330, 70)  # room for a game name of about 30 characters


def _panels():
    width, height = legend(1.0).size
    left, top = PANEL_ORIGIN[0], LEGEND_TOP
    return [TITLE_AREA, (left - 8, top - 8, left + width + 8, top + height + 8)]


def _inside(point, box):
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def test_anchors_stay_clear_of_the_panels():
    covered = []
    for province in load_geometry().provinces.values():
        points = [province.unit, province.label, *(xy for _, xy in province.coasts)]
        points += [province.centre] if province.centre else []
        covered += [province.code for p in points if any(_inside(p, box) for box in _panels())]
    assert covered == []
