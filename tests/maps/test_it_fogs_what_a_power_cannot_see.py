"""Whatever a record says about a province its power cannot see, the map shows fog there."""

import pytest

from maps.geometry import load_geometry
from maps.render import render_map
from tests.maps.helpers import (
    TITLE,
    blank_fog,
    fogged_view,
    pixel,
    record,
    unseen,
    with_hidden_things,
)


def _records():
    board = record("game_master_s1901m")
    return {
        "germany, fall 1901": record("germany_f1901m"),
        "turkey, derived from the full board": fogged_view(board, "TURKEY"),
        "england, derived from the full board": fogged_view(board, "ENGLAND"),
        "observer": {**blank_fog(board), "power": "ITALY"},
    }


def _ghosted(knowledge):
    ghosts = knowledge.get("ghosts", {})
    return {g["unit"].split()[1][:3] for g in ghosts.get("units", [])} | {
        g["province"] for g in ghosts.get("centers", [])
    }


@pytest.mark.parametrize("name", list(_records()))
def test_unseen_provinces_show_only_fog(name):
    knowledge = _records()[name]
    drawn = render_map(with_hidden_things(knowledge), TITLE)
    fog = render_map(blank_fog(knowledge), TITLE)
    geometry = load_geometry()
    checked = 0
    for code in unseen(knowledge):
        if code in _ghosted(knowledge):
            continue  # last-seen ghosts are meant to show through the fog
        province = geometry.provinces[code]
        points = [province.label, province.unit, *([province.centre] if province.centre else [])]
        for point in points:
            assert pixel(drawn, point) == pixel(fog, point), f"{code} at {point} is not fog"
        checked += 1
    assert checked >= len(unseen(knowledge)) - len(_ghosted(knowledge))


def test_the_fog_reference_really_is_fog():
    geometry = load_geometry()
    fog = render_map(blank_fog(record("germany_f1901m")), TITLE)
    clear = render_map({**blank_fog(record("germany_f1901m")), "power": None}, TITLE)
    differing = [
        c for c, p in geometry.provinces.items() if pixel(fog, p.unit) != pixel(clear, p.unit)
    ]
    assert len(differing) == len(geometry.provinces)
