"""1989: a retreat sighting outlasts a Fall/Winter season played whole.

The web plays a 1989 season through ``play_phase`` with the lists sent in
advance (movement, retreats, adjustments, one record).  The unit that
dislodged and the unit that retreated must still see each other in that
record, so next season's conditions may name their provinces.
"""

from adjudication.fog import get_preset, initial_records, play_phase
from adjudication.fog.advance import foreign_sightings
from adjudication.serialisation import position_from_step

FALL = {
    "phase": "F1901M",
    "units": {"FRANCE": ["A BUR", "A PAR"], "ENGLAND": ["F PIC"]},
    "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "ENGLAND": ["EDI", "LON"]},
}
ORDERS = {"FRANCE": ["A BUR - PIC", "A PAR S A BUR - PIC"]}
ADVANCE = {"retreat_lists": {"ENGLAND": {"F PIC": ["ENG"]}}, "adjustment_lists": {}}


def play_fall():
    preset = get_preset("reynolds1989")
    position = position_from_step(FALL, preset.graph)
    records, _ = initial_records(preset, position)
    return play_phase(preset, position, ORDERS, records, advance=ADVANCE)


def test_it_plays_the_whole_season():
    played = play_fall()
    assert [o.position.phase.kind.value for o in played.outcomes] == ["M", "R", "A"]
    assert played.records["FRANCE"]["phase"] == "W1901A"


def test_it_keeps_the_retreated_unit_in_the_attackers_record():
    france = play_fall().records["FRANCE"]
    assert france["units"]["ENGLAND"] == ["F ENG"]
    assert "ENG" in foreign_sightings(france["units"], "FRANCE")


def test_it_keeps_the_attacker_in_the_retreating_players_record():
    england = play_fall().records["ENGLAND"]
    assert england["units"]["FRANCE"] == ["A PIC"]
    assert "PIC" in foreign_sightings(england["units"], "ENGLAND")
