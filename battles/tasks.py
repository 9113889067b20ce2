"""Celery tasks for grid battles."""

from __future__ import annotations

from celery import shared_task

from battles.actions.play import claim_due_turns


@shared_task
def sweep_turns() -> list[int]:
    """Process every battle side-turn past its deadline (its side holds if it
    sent nothing); run by beat beside the games' deadline sweep."""
    return claim_due_turns()
