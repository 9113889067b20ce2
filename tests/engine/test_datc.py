"""Every DATC case, as data, run by one test (a failure names its case)."""

import json
import random
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


def shuffled(step, rng):
    """The same step with the powers and each power's orders in another order."""
    powers = list(step["orders"])
    rng.shuffle(powers)
    orders, results = {}, {}
    for power in powers:
        pairs = list(zip(step["orders"][power], step["expected"]["results"][power], strict=True))
        rng.shuffle(pairs)
        orders[power] = [order for order, _ in pairs]
        results[power] = [result for _, result in pairs]
    expected = dict(step["expected"], results=results)
    return dict(step, orders=orders, expected=expected)


# Adjustments use the first legal orders (DATC 4.D.4-4.D.6), so only
# movement and retreat phases must not care about the order of orders.
UNORDERED = [case for case in CASES if not case["phase"].endswith("A")]


@pytest.mark.parametrize("case", UNORDERED, ids=[case["id"] for case in UNORDERED])
def test_datc_does_not_depend_on_the_order_of_orders(case):
    rng = random.Random(case["id"])
    for _ in range(6):
        for step in case["steps"]:
            check_step(shuffled(step, rng))
