"""One typed reader and writer for the knowledge record (adjudication/record.py)."""

from __future__ import annotations

import json

import pytest

from adjudication.fog import PRESETS
from adjudication.record import RecordError, parse_record, record_to_json
from tests.fog.test_it_plays_whole_games import play_game


def played_records(name: str) -> list[dict]:
    return [record for phase in play_game(name, seed=11) for record in flatten(json.loads(phase))]


def flatten(phase: list) -> list[dict]:
    records, gm_record, observer_record = phase
    return [*records.values(), gm_record, observer_record]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_it_writes_back_exactly_what_the_fog_rules_wrote(name):
    for record in played_records(name):
        assert record_to_json(parse_record(record)) == record


def test_it_answers_from_the_powers_own_record():
    record = {
        "power": "GERMANY",
        "phase": "F1901M",
        "sees": ["BER", "KIE"],
        "units": {"GERMANY": ["A BER"], "RUSSIA": ["A PRU"]},
        "centers": {"GERMANY": ["BER", "KIE", "MUN"]},
    }
    knowledge = parse_record(record)
    assert knowledge.adjustment_count("GERMANY") == 2
    assert knowledge.occupied() == {"BER", "PRU"}
    assert knowledge.orders == () and knowledge.lines == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"power": 7}, "record.power: unknown power 7"),
        ({"phase": "Autumn"}, "record.phase: 'Autumn' is not a phase"),
        ({"units": {"GERMANY": ["A BERLIN"]}}, "record.units.GERMANY[0]: 'A BERLIN' is not a unit"),
        ({"centers": {"GERMANY": "BER"}}, "record.centers.GERMANY: expected a list"),
        ({"orders": [{"kind": "attack"}]}, "record.orders[0].kind: unknown order kind 'attack'"),
        ({"lines": "A Ber H"}, "record.lines: expected a list of strings"),
        ({"sees": None}, "record.sees: expected list, got NoneType"),
    ],
)
def test_a_malformed_record_fails_naming_the_field(change, message):
    record = {"power": None, "phase": "SETUP", "sees": [], "units": {}, "centers": {}}
    with pytest.raises(RecordError) as caught:
        parse_record({**record, **change})
    assert str(caught.value).startswith(message)


def test_a_missing_field_is_named():
    with pytest.raises(RecordError, match=r"^record\.units: missing$"):
        parse_record({"power": None, "phase": "SETUP", "sees": [], "centers": {}})
