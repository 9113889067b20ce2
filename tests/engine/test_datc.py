"""Every DATC case, as data, run by one test (a failure names its case)."""

import json
from pathlib import Path

import pytest

from adjudication.engine import adjudicate
from adjudication.serialisation import outcome_to_json, position_from_step

DATA = Path(__file__).parent.parent / "data" / "datc-public.json"
OWN = Path(__file__).parent / "data" / "datc-6F-6G.json"
CASES = [case for path in (DATA, OWN) if path.exists() for case in json.loads(path.read_text())]


def _sorted_units(units):
    return {power: sorted(found) for power, found in units.items() if found}


def _dislodged(entries):
    return sorted((d["power"], d["unit"]) for d in entries)


def check_step(step):
    outcome = adjudicate(position_from_step(step), step["orders"])
    got = outcome_to_json(outcome)
    expected = step["expected"]
    assert _sorted_units(got["units"]) == _sorted_units(expected["units"])
    assert _dislodged(got["dislodged"]) == _dislodged(expected.get("dislodged", []))
    if "retreat_options" in expected:
        options = {d["unit"]: d["retreat_options"] for d in got["dislodged"]}
        assert options == {u: sorted(o) for u, o in expected["retreat_options"].items()}
    if "contested" in expected:
        assert got["contested"] == sorted(expected["contested"])
    assert got["results"] == {p: r for p, r in expected["results"].items() if r}


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_datc(case):
    for step in case["steps"]:
        check_step(step)
