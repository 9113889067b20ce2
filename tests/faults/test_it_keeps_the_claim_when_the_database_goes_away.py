"""A database error mid-adjudication (a dropped connection) is not the phase's
failure: the claim stands, nothing is written, and the stuck-claim sweep
adjudicates it later without the game master. (The same with a real
pg_terminate_backend: tests/faults/scenarios.py.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone

from games import actions, gateway
from games.actions import processing
from games.models import KnowledgeRecord, Phase
from games.tests.emails.conftest import make_game
from tests.operations.played import pass_deadline, submit_everyones_orders


def connection_lost(*args, **kwargs):
    raise OperationalError("terminating connection due to administrator command")


@pytest.mark.django_db
def test_it_leaves_the_claim_for_the_sweep(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _, _ = make_game("dc2005")
    phase = submit_everyones_orders(game, seed=5)
    pass_deadline(phase)
    [claimed] = actions.claim_due_phases()
    with monkeypatch.context() as patch:
        patch.setattr(gateway, "run_phase", connection_lost)
        with pytest.raises(OperationalError):
            actions.adjudicate_phase(claimed)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.ADJUDICATING and phase.failure_reason == ""
    later = timezone.now() + processing.STUCK_AFTER + timedelta(seconds=1)
    assert actions.reclaim_stuck_phases(later) == [phase.pk]
    assert actions.adjudicate_phase(phase.pk).status == Phase.Status.DONE
    assert KnowledgeRecord.objects.filter(game=game, ordinal=phase.ordinal).count() == 9
