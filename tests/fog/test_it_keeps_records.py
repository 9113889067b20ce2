"""Knowledge records across phases: ghosts, centres that go dark, state carried on."""

import json

from adjudication.fog import get_preset, initial_records, play_phase
from adjudication.fog.play import PlayedPhase
from adjudication.serialisation import position_from_step
from tests.fog.test_it_reports_the_documents_examples import CASES


def case_step(name):
    return next(case["step"] for case in CASES if case["name"] == name)


def play_sample_round():
    """The 2005 sample round, Spring to builds, through play_phase."""
    preset = get_preset("dc2005")
    position = preset.start()
    records, _ = initial_records(preset, position)
    played: list[PlayedPhase] = []
    for orders in [
        case_step("dc2005 sample round, Spring")["orders"],
        {},
        case_step("dc2005 sample round, Fall")["orders"],
        {},
        {"GERMANY": ["A BER B", "A KIE B"]},
    ]:
        result = play_phase(preset, position, orders, records)
        played.append(result)
        position, records = result.position, result.records
    return played


def test_it_plays_the_sample_round_phase_by_phase():
    phases = [p.records["GERMANY"]["phase"] for p in play_sample_round()]
    assert phases == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A"]


def test_it_keeps_what_went_dark_as_ghosts():
    autumn = play_sample_round()[3].records["GERMANY"]
    assert {"power": "ITALY", "unit": "A MUN", "seen": "F1901M"} in autumn["ghosts"]["units"]
    assert {"province": "MUN", "power": "GERMANY", "seen": "F1901M"} in autumn["ghosts"]["centers"]
    assert "MUN" not in autumn["sees"]


def test_it_drops_a_ghost_once_its_province_is_seen_again():
    builds = play_sample_round()[4].records["GERMANY"]
    assert all(ghost["unit"] != "A MUN" for ghost in builds["ghosts"]["units"])
    assert builds["units"]["ITALY"] == ["A MUN"]


def test_it_writes_the_documented_record_shape():
    record = play_sample_round()[2].records["GERMANY"]
    assert set(record) >= {
        "preset",
        "power",
        "phase",
        "sees",
        "units",
        "centers",
        "ghosts",
        "dislodged",
        "orders",
        "lines",
        "messages",
    }
    own = record["orders"][0]
    assert own == {
        "power": "GERMANY",
        "unit": "A",
        "from": "RUH",
        "kind": "move",
        "to": "BEL",
        "via_convoy": False,
        "result": "success",
        "text": "A Ruh - Bel",
    }


def test_it_gives_the_game_master_everything():
    gm = play_sample_round()[0].gm_record
    assert gm["power"] is None
    assert len(gm["sees"]) == 76
    assert "A Vie - Boh (succeeds)" in gm["lines"]


def test_it_is_deterministic():
    first = [json.dumps(p.records, sort_keys=True) for p in play_sample_round()]
    assert first == [json.dumps(p.records, sort_keys=True) for p in play_sample_round()]


def test_it_offers_retreats_from_what_the_owner_knows():
    preset = get_preset("dc2005")
    step = {
        "phase": "S1901M",
        "units": {"AUSTRIA": ["F TRI", "A SER"], "ITALY": ["A VEN", "A TYR"]},
        "orders": {"ITALY": ["A VEN S A TYR - TRI", "A TYR - TRI"]},
        "centers": {},
    }
    position = position_from_step(step)
    records, _ = initial_records(preset, position)
    record = play_phase(preset, position, step["orders"], records).records["AUSTRIA"]
    assert record["dislodged"] == [
        {"power": "AUSTRIA", "unit": "F TRI", "retreat_options": ["ADR", "ALB"]}
    ]


def test_it_offers_no_retreats_under_reynolds():
    preset = get_preset("reynolds1989")
    step = {
        "phase": "S1901M",
        "units": {"AUSTRIA": ["F TRI"], "ITALY": ["A VEN", "A TYR"]},
        "centers": {},
    }
    position = position_from_step(step)
    records, _ = initial_records(preset, position)
    orders = {"ITALY": ["A VEN S A TYR - TRI", "A TYR - TRI"]}
    played = play_phase(preset, position, orders, records)
    assert [o.position.phase.kind.value for o in played.outcomes] == ["M", "R"]
    austria = played.records["AUSTRIA"]
    assert austria["lines"] == ["F Tri D (succeeds)"]
    assert austria["messages"] == ["F Tri was dislodged"]
    assert austria["units"] == {}


def test_it_carries_diplomyopia_garrisons_from_season_to_season():
    preset = get_preset("diplomyopia")
    position = preset.start()
    records, _ = initial_records(preset, position)
    state = preset.initial_state(position)
    spring = play_phase(preset, position, {"FRANCE": ["A MAR - PIE"]}, records, state)
    assert spring.state["control"]["PIE"] == "FRANCE"
    summer = play_phase(preset, spring.position, {}, spring.records, spring.state)
    fall = play_phase(
        preset, summer.position, {"FRANCE": ["A PIE - TUS"]}, summer.records, summer.state
    )
    assert fall.state["control"]["PIE"] == "FRANCE"


def test_it_moves_diplomyopia_centres_in_spring():
    preset = get_preset("diplomyopia")
    position = preset.start()
    records, _ = initial_records(preset, position)
    spring = play_phase(preset, position, {"GERMANY": ["A MUN - BUR", "F KIE - DEN"]}, records)
    assert spring.records["GERMANY"]["centers"]["GERMANY"] == ["BER", "DEN", "KIE", "MUN"]
    summer = play_phase(preset, spring.position, {}, spring.records, spring.state)
    assert summer.position.centres["DEN"] == "GERMANY"


def test_it_starts_saari_from_the_picks():
    preset = get_preset("saari1898")
    position = preset.start({"RUSSIA": "F STP/NC"})
    records, _ = initial_records(preset, position)
    assert records["RUSSIA"]["units"] == {"RUSSIA": ["F STP/NC"]}
    assert records["RUSSIA"]["centers"] == {"RUSSIA": ["STP"]}
    assert "FIN" in records["RUSSIA"]["sees"]


def test_it_shows_an_observer_what_a_power_with_no_units_sees():
    observer = play_sample_round()[2].observer_record
    assert observer["power"] is None
    assert observer["sees"] == []
    assert observer["units"] == {}
    assert observer["lines"] == []
    standard = get_preset("standard")
    position = standard.start()
    records, _ = initial_records(standard, position)
    played = play_phase(standard, position, {}, records)
    assert len(played.observer_record["sees"]) == 76


def test_it_darkens_a_centre_lost_to_a_fall_retreat_only_after_the_retreats():
    preset = get_preset("dc2005")
    step = {
        "phase": "F1901R",
        "units": {"GERMANY": ["A PRU"]},
        "dislodged": [
            {
                "power": "AUSTRIA",
                "unit": "A BOH",
                "attacker_from": "VIE",
                "retreat_options": ["MUN"],
            }
        ],
        "centers": {"GERMANY": ["BER", "KIE", "MUN"]},
    }
    position = position_from_step(step)
    records, _ = initial_records(preset, position)
    retreat = play_phase(preset, position, {"AUSTRIA": ["A BOH R MUN"]}, records)
    germany = retreat.records["GERMANY"]
    assert "MUN" in germany["sees"]
    assert germany["units"]["AUSTRIA"] == ["A MUN"]
    assert germany["centers"]["AUSTRIA"] == ["MUN"]
    builds = play_phase(preset, retreat.position, {}, retreat.records).records["GERMANY"]
    assert "MUN" not in builds["sees"]
    assert {"province": "MUN", "power": "AUSTRIA", "seen": "F1901R"} in builds["ghosts"]["centers"]
