"""Celery tasks of the API: the caretaker's pass."""

from __future__ import annotations

from celery import shared_task

from api.caretaking import run_caretakers


@shared_task
def care_for_seats() -> list[int]:
    """The caretaker's pass for every seat given to it that owes orders now
    (api/caretaking.py); a seat that has ordered is left alone, so a
    sweep run twice, or delivered twice, orders once."""
    return run_caretakers()
