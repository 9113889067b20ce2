"""Real workers, real failures: SIGKILL mid-adjudication and mid-send, every task
delivered twice, the database connection cut mid-claim, the provider timing
out and answering 5xx. After the sweep: one adjudication, no order lost, each
email accepted once, the game going on (tests/faults/scenarios.py)."""

from __future__ import annotations

import pytest

from tests.faults.harness import Faults
from tests.faults.scenarios import SCENARIOS

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]


@pytest.fixture
def faults(require_postgres, require_redis, tmp_path):
    faults = Faults(tmp_path)
    yield faults
    faults.stop_all()
    print(f"figures: {faults.figures}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_it_holds_its_promises(faults: Faults, name: str) -> None:
    SCENARIOS[name](faults, run=1)
    assert faults.figures.get("emails accepted twice", 0) == 0
    assert faults.figures.get("orders lost", 0) == 0
