"""`python -m adjudication resolve`, run as a subprocess."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MOVE = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
    "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
}


def run(*lines, command="resolve"):
    completed = subprocess.run(
        [sys.executable, "-m", "adjudication", command],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    answers = [json.loads(line) for line in completed.stdout.splitlines()]
    return completed.returncode, answers


def test_it_answers_each_line_in_order():
    moved = dict(MOVE, orders={"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN H"]})
    code, answers = run(json.dumps(MOVE), json.dumps(moved))
    assert code == 0
    assert answers[0]["results"] == {"FRANCE": ["fail"], "GERMANY": ["fail"]}
    assert answers[0]["contested"] == ["BUR"]
    assert answers[1]["units"] == {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]}


def test_it_reports_dislodged_units_with_their_retreats():
    step = {
        "phase": "F1901M",
        "units": {"FRANCE": ["A BUR", "A RUH"], "GERMANY": ["A MUN"]},
        "orders": {"FRANCE": ["A BUR - MUN", "A RUH S A BUR - MUN"], "GERMANY": ["A MUN H"]},
    }
    _, [answer] = run(json.dumps(step))
    [dislodged] = answer["dislodged"]
    assert dislodged["unit"] == "A MUN"
    assert dislodged["attacker_from"] == "BUR"
    assert dislodged["attacker_via_convoy"] is False
    assert "BUR" not in dislodged["retreat_options"]
    assert "KIE" in dislodged["retreat_options"]


def test_it_accepts_lower_case():
    step = {
        "phase": "s1901m",
        "units": {"france": ["a par"]},
        "orders": {"france": ["a par - bur"]},
    }
    code, [answer] = run(json.dumps(step))
    assert code == 0
    assert answer["units"] == {"FRANCE": ["A BUR"]}


def test_a_bad_line_gets_an_error_and_the_rest_carry_on():
    unknown = dict(MOVE, orders={"FRANCE": ["A Par - Munchen"]})
    missing = {"phase": "S1901M", "units": {}}
    bad_unit = dict(MOVE, units={"FRANCE": ["A PAX"]})
    lines = [json.dumps(step) for step in (unknown, missing, bad_unit, MOVE)]
    code, answers = run("{not json", *lines)
    assert code == 1
    assert answers[0]["error"].startswith("bad JSON")
    assert answers[1] == {"error": 'could not read "Munchen": not a province'}
    assert answers[2] == {"error": 'missing field "orders"'}
    assert answers[3] == {"error": 'could not read "PAX": not a province'}
    assert "results" in answers[4]


def test_identical_input_gives_identical_bytes():
    first = subprocess.run(
        [sys.executable, "-m", "adjudication", "resolve"],
        input=(json.dumps(MOVE) + "\n").encode(),
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    second = subprocess.run(
        [sys.executable, "-m", "adjudication", "resolve"],
        input=(json.dumps(MOVE) + "\n").encode(),
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    assert first.stdout == second.stdout


def test_an_unknown_command_prints_usage():
    completed = subprocess.run(
        [sys.executable, "-m", "adjudication", "frobnicate"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 2
    assert "usage" in completed.stderr


def test_centres_change_after_a_fall_turn_with_nothing_to_retreat():
    fall = {
        "phase": "F1901M",
        "units": {"FRANCE": ["A BUR"]},
        "centers": {"FRANCE": ["PAR"]},
        "orders": {"FRANCE": ["A BUR - MUN"]},
    }
    spring = dict(fall, phase="S1901M")
    _, (after_fall, after_spring) = run(json.dumps(fall), json.dumps(spring))
    assert after_fall["centers"] == {"FRANCE": ["MUN", "PAR"]}
    assert after_spring["centers"] == {"FRANCE": ["PAR"]}


def test_two_units_in_one_province_is_an_error():
    step = dict(MOVE, units={"FRANCE": ["A PAR"], "GERMANY": ["F PAR"]})
    code, [answer] = run(json.dumps(step))
    assert code == 1
    assert answer == {"error": 'field "units": two units in PAR'}


def test_an_army_with_no_route_of_convoying_fleets_moves_over_land():
    # Issue 27: the French fleet that could complete a route sails away.
    step = {
        "phase": "S1910M",
        "units": {"ITALY": ["A ROM", "F TYS", "F ALB"], "FRANCE": ["F ION"], "TURKEY": ["F APU"]},
        "orders": {
            "ITALY": ["A ROM - APU", "F TYS C A ROM - APU"],
            "FRANCE": ["F ION - AEG"],
            "TURKEY": ["F APU - ADR"],
        },
    }
    _, [answer] = run(json.dumps(step))
    assert answer["units"]["ITALY"] == ["A APU", "F ALB", "F TYS"]
    assert answer["results"]["ITALY"] == ["success", "fail"]
