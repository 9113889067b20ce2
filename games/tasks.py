"""Celery tasks: each takes an id (or nothing), loads, and calls an action.

No task is scheduled for a deadline: the beat sweep runs every
DEADLINE_SWEEP_SECONDS, claims what is due by conditional UPDATE, and
adjudicates it. Adjudication is idempotent, so a task delivered twice or a
sweep run twice at once gives one outcome. The task that adjudicates one
claimed phase is defined beside the actions that queue it
(games.actions.queue) and registered under this module's name.
"""

from __future__ import annotations

from celery import shared_task

from games import actions
from games.actions.queue import adjudicate_phase_task
from games.animations import draw_animations
from games.api.caretaking import run_caretakers
from games.battles.actions.play import claim_due_turns
from games.sessions import SessionStore

__all__ = [
    "adjudicate_phase_task",
    "care_for_seats",
    "clear_expired_sessions",
    "draw_animations",
    "sweep_deadlines",
]


@shared_task
def sweep_deadlines() -> list[int]:
    """Claim every phase whose deadline has passed, and any stuck claim, and
    hand each to its own task, so a burst of deadlines spreads over every
    worker process instead of running one after another in this one; process
    every battle side-turn past its deadline (its side holds if it sent nothing)."""
    claimed = actions.claim_due_phases() + actions.reclaim_stuck_phases()
    for phase_id in claimed:
        adjudicate_phase_task.delay(phase_id)
    claim_due_turns()
    return claimed


@shared_task
def care_for_seats() -> list[int]:
    """The caretaker's pass for every seat given to it that owes orders now
    (games/api/caretaking.py); a seat that has ordered is left alone, so a
    sweep run twice, or delivered twice, orders once."""
    return run_caretakers()


@shared_task
def clear_expired_sessions() -> None:
    """What `manage.py clearsessions` does, daily: an expired session signs
    nobody in, and nothing else ever deletes its row."""
    SessionStore.clear_expired()
