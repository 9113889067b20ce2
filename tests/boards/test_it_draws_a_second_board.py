"""The renderer draws Triad from its geometry: its powers in their colours, fog
where a power cannot see, and records that name another board's things refused."""

from __future__ import annotations

import pytest

from adjudication.fog import initial_records, play_phase
from maps import palette
from maps.record import RecordError
from maps.render import render_map
from tests.boards.triad import TRIAD_MAP, TRIAD_PRESETS

SPRING = {"NORTH": ["A NWD H"], "SOUTH": ["F SPT - MSE"], "EAST": ["F EPT - OSE"]}


def opening():
    preset = TRIAD_PRESETS["triad_dc2005"]()
    start = preset.start()
    records, gm = initial_records(preset, start)
    return preset, start, records, gm


def drawn(record):
    return render_map(record, "Triad", width=TRIAD_MAP.width, geometry=TRIAD_MAP)


def colours_near(image, code: str) -> set:
    x, y = TRIAD_MAP.provinces[code].unit
    return set(image.crop((int(x) - 8, int(y) - 8, int(x) + 8, int(y) + 8)).getdata())


def test_each_power_wears_its_boards_colour():
    _, _, _, gm = opening()
    image = drawn(gm)
    assert TRIAD_MAP.colours == {
        "EAST": palette.POWER_PALETTE[0],
        "NORTH": palette.POWER_PALETTE[1],
        "SOUTH": palette.POWER_PALETTE[2],
    }
    for power, code in (("EAST", "EPT"), ("NORTH", "NWD"), ("SOUTH", "SPT")):
        assert TRIAD_MAP.colours[power] in colours_near(image, code)


def test_a_power_sees_fog_where_it_cannot_see():
    preset, start, records, _ = opening()
    played = play_phase(preset, start, SPRING, records)
    north = drawn(played.records["NORTH"])
    full = drawn(played.gm_record)
    east = TRIAD_MAP.colours["EAST"]
    assert east in colours_near(full, "OSE")
    assert east not in colours_near(north, "OSE")
    assert colours_near(north, "OSE") <= {palette.FOG_SEA, palette.FOG_DOTS}
    assert TRIAD_MAP.colours["SOUTH"] in colours_near(north, "MSE")


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("units", {"FRANCE": ["A NWD"]}, "unknown power 'FRANCE'"),
        ("units", {"NORTH": ["A PAR"]}, "'PAR'"),
    ],
)
def test_it_refuses_another_boards_things(field, value, problem):
    _, _, records, _ = opening()
    with pytest.raises(RecordError, match=problem):
        drawn({**records["NORTH"], field: value})
