"""Records made by the fog engine draw without error, every power's and the game master's."""

import pytest

from adjudication.fog import get_preset
from adjudication.fog.play import initial_records, play_phase
from adjudication.setup import standard_start
from maps.render import render_png
from tests.maps.helpers import TITLE

SPRING_1901 = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["F BRE - MAO", "A PAR - BUR", "A MAR S A PAR - BUR"],
    "GERMANY": ["F KIE - DEN", "A BER - KIE", "A MUN - BUR"],
    "ITALY": ["A VEN - TYR", "A ROM - APU", "F NAP - ION"],
    "RUSSIA": ["A MOS - UKR", "A WAR - GAL", "F SEV - BLA", "F STP/SC - BOT"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
}


@pytest.mark.parametrize("preset_name", ["standard", "dc2005"])
def test_every_record_of_a_played_phase_draws(preset_name):
    preset = get_preset(preset_name)
    position = standard_start(preset.graph)
    records, game_master = initial_records(preset, position)
    played = play_phase(preset, position, SPRING_1901, records)
    for record in [game_master, played.gm_record, *played.records.values()]:
        assert render_png(record, TITLE).startswith(b"\x89PNG")
