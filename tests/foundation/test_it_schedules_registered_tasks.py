"""Beat's schedule names tasks a worker knows, so no sweep silently never runs."""

from __future__ import annotations

from django.conf import settings

from fogdip.celery import app


def worker_tasks() -> set[str]:
    app.loader.import_default_modules()  # what a worker imports when it starts
    return set(app.tasks)


def test_it_schedules_only_tasks_a_worker_registers():
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled <= worker_tasks()


def test_it_sweeps_deadlines_the_outbox_and_cared_for_seats_every_interval_and_sessions_daily():
    entries = settings.CELERY_BEAT_SCHEDULE.values()
    assert {entry["task"] for entry in entries} == {
        "games.tasks.sweep_deadlines",
        "battles.tasks.sweep_turns",
        "postoffice.tasks.sweep_outbox",
        "postoffice.tasks.sweep_received_mail",
        "api.tasks.care_for_seats",
        "accounts.tasks.clear_expired_sessions",
    }
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["sweep-deadlines"]["schedule"] == float(settings.DEADLINE_SWEEP_SECONDS)
    assert schedule["sweep-battle-turns"]["schedule"] == float(settings.DEADLINE_SWEEP_SECONDS)
    assert schedule["sweep-outbox"]["schedule"] == float(settings.SWEEP_INTERVAL_SECONDS)
    assert schedule["sweep-received-mail"]["schedule"] == float(settings.SWEEP_INTERVAL_SECONDS)
    assert schedule["care-for-seats"]["schedule"] == float(settings.SWEEP_INTERVAL_SECONDS)
    assert schedule["clear-expired-sessions"]["schedule"] == 24 * 60 * 60
    assert settings.DEADLINE_SWEEP_SECONDS <= settings.SWEEP_INTERVAL_SECONDS


def test_it_registers_the_send_task_that_the_outbox_queues():
    assert "postoffice.tasks.send_message" in worker_tasks()
