"""Handing a claimed phase to a worker, and the game master's "process now" and "retry".

The task lives here, beside the actions that queue it, so that actions and
games.tasks (which the beat schedule names) do not import each other: the
task calls processing.adjudicate_phase, which queues nothing. Its registered
name stays ``games.tasks.adjudicate_phase_task``.
"""

from __future__ import annotations

import time
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from common.timings import ADJUDICATION, timed
from games.actions.base import ActionError, lock_game, log, require_game_master
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.models import Phase


@shared_task(name="games.tasks.adjudicate_phase_task")
def adjudicate_phase_task(phase_id: int) -> str:
    with timed(ADJUDICATION) as watch:
        started = time.perf_counter()
        try:
            status = adjudicate_phase(phase_id).status
        except Phase.DoesNotExist:
            # A repeated delivery for a phase a rollback has since removed: nothing to do.
            return "removed"
        watch.since(started)
        return status


def enqueue_adjudication(phase: Phase) -> None:
    """Adjudicate the claimed phase in a worker once this transaction commits."""
    phase_id = phase.pk
    transaction.on_commit(lambda: adjudicate_phase_task.delay(phase_id))


@transaction.atomic
def process_now(phase: Phase, game_master: Any) -> None:
    require_game_master(phase.game, game_master)
    lock_game(phase.game)
    if not claim_phase_now(phase):
        raise ActionError("Only an open phase can be processed.")
    log(phase.game, game_master, "process now", phase.name)
    enqueue_adjudication(phase)


@transaction.atomic
def retry_failed_phase(phase: Phase, game_master: Any) -> None:
    require_game_master(phase.game, game_master)
    lock_game(phase.game)
    rows = Phase.objects.filter(pk=phase.pk, status=Phase.Status.FAILED)
    if rows.update(status=Phase.Status.ADJUDICATING, claimed=timezone.now()) != 1:
        raise ActionError("Only a failed phase can be retried.")
    log(phase.game, game_master, "retry", phase.name)
    enqueue_adjudication(phase)
