"""Celery tasks for Diplomacy games: each takes an id (or nothing), loads, and
calls a domain function. The sweep is the only way a deadline is met: no task
is ever scheduled for one."""

from __future__ import annotations

from celery import shared_task

from games import actions
from games.actions.queue import adjudicate_phase_task
from games.animations import draw_animations

__all__ = ["adjudicate_phase_task", "draw_animations", "sweep_deadlines"]


@shared_task
def sweep_deadlines() -> list[int]:
    """Claim every phase whose deadline has passed, and any stuck claim, and
    hand each to its own task, so a burst of deadlines spreads over every
    worker process instead of running one after another in this one."""
    claimed = actions.claim_due_phases() + actions.reclaim_stuck_phases()
    for phase_id in claimed:
        adjudicate_phase_task.delay(phase_id)
    return claimed
