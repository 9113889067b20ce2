"""The fog rules play Triad: each power's record holds Triad's provinces and powers
only and reads back through the typed record, sight follows Triad's borders, and
hidden orders change no power's record."""

from __future__ import annotations

import json

import pytest

from adjudication.fog import initial_records, play_phase
from adjudication.record import parse_record, record_to_json
from adjudication.types import PhaseKind
from tests.boards.triad import TRIAD, TRIAD_PRESETS

OPENING = {
    "NORTH": ["A NWD - WPL", "F NHB H"],
    "SOUTH": ["A SFD - WPL", "F SPT - MSE"],
    "EAST": ["A EHL - NHB", "F EPT - OSE"],
}


def named_provinces(record: dict) -> set[str]:
    units = [u.split()[1][:3] for texts in record["units"].values() for u in texts]
    centres = [c for owned in record["centers"].values() for c in owned]
    return set(record["sees"]) | set(units) | set(centres)


def named_powers(record: dict) -> set[str]:
    return set(record["units"]) | set(record["centers"])


def play_a_year(preset):
    position = preset.start()
    state = preset.initial_state(position)
    records, gm = initial_records(preset, position, state)
    seen = [gm, *records.values()]
    while position.phase.year < 1902:
        moving = position.phase.kind is PhaseKind.MOVEMENT
        orders = OPENING if moving and position.phase.season.value == "S" else {}
        played = play_phase(preset, position, orders, records, state, {})
        seen += [played.gm_record, played.observer_record, *played.records.values()]
        position, records, state = played.position, played.records, played.state
    return seen


@pytest.mark.parametrize("name", sorted(TRIAD_PRESETS))
def test_every_record_names_only_triads_provinces_and_powers(name):
    records = play_a_year(TRIAD_PRESETS[name]())
    assert len(records) > 8
    for record in records:
        json.dumps(record)
        assert record["preset"] == name
        assert named_provinces(record) <= set(TRIAD.provinces)
        assert named_powers(record) <= set(TRIAD.powers)


@pytest.mark.parametrize("name", sorted(TRIAD_PRESETS))
def test_every_record_reads_back_through_the_typed_record(name):
    for record in play_a_year(TRIAD_PRESETS[name]()):
        knowledge = parse_record(record)
        assert knowledge.preset == name
        assert record_to_json(knowledge) == record


def test_dc2005_sight_follows_triads_borders():
    preset = TRIAD_PRESETS["triad_dc2005"]()
    records, _ = initial_records(preset, preset.start())
    north = records["NORTH"]
    assert north["sees"] == ["MSE", "NHB", "NWD", "WPL"]
    assert north["units"] == {"NORTH": ["A NWD", "F NHB"]}


def test_dc2005_shows_a_fleet_sailing_into_sight():
    preset = TRIAD_PRESETS["triad_dc2005"]()
    start = preset.start()
    records, _ = initial_records(preset, start)
    played = play_phase(preset, start, OPENING, records)
    assert "F MSE" in played.records["NORTH"]["units"]["SOUTH"]


def test_a_hidden_order_changes_nothing_north_receives():
    preset = TRIAD_PRESETS["triad_dc2005"]()
    start = preset.start()
    records, _ = initial_records(preset, start)
    sailing = play_phase(preset, start, OPENING, records)
    holding = play_phase(preset, start, {**OPENING, "EAST": ["A EHL - NHB", "F EPT H"]}, records)
    assert sailing.gm_record != holding.gm_record
    assert json.dumps(sailing.records["NORTH"]) == json.dumps(holding.records["NORTH"])
