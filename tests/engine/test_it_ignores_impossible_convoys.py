"""An illegal convoy order is not intent to convoy (DATC 4.A.3, 4.E.1).

A fleet of the army's own power "convoying" it where no route needs that
fleet gives an illegal order, so an army next to its target still moves
over land.  The controls show a legal convoy keeping its intent.
"""

import json
import random
from pathlib import Path

import pytest

from tests.engine.test_datc import check_step, shuffled

CASES = json.loads((Path(__file__).parent / "data" / "convoy-intent.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_it_ignores_impossible_convoys(case):
    for step in case["steps"]:
        check_step(step)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_it_does_not_depend_on_the_order_of_orders(case):
    rng = random.Random(case["id"])
    for _ in range(6):
        for step in case["steps"]:
            check_step(shuffled(step, rng))
