"""An army goes by convoy only along a route of fleets ordered to convoy it.

Next to its target, an army goes by convoy when a legal convoy of its own
power shows intent, and that convoy shows intent only when the fleets
ordered to convoy this army on this journey (of any power) make a whole
route; fleets that are merely there carry no one (issue 27).  What stays
decided from the fleets present, as DATC wants it: whether a convoy, a move
by convoy and a support of one are legal.  Each case, and its control, is
in tests/engine/data/convoy-ordered-routes.json.
"""

import json
import random
from pathlib import Path

import pytest

from tests.engine.test_datc import check_step, shuffled

CASES = json.loads((Path(__file__).parent / "data" / "convoy-ordered-routes.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_it_convoys_only_along_ordered_routes(case):
    for step in case["steps"]:
        check_step(step)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_it_does_not_depend_on_the_order_of_orders(case):
    rng = random.Random(case["id"])
    for _ in range(6):
        for step in case["steps"]:
            check_step(shuffled(step, rng))
