"""Every task has a queue of its own kind, and every worker we start takes every queue."""

from __future__ import annotations

from pathlib import Path

import yaml
from django.conf import settings

from fogdip.celery import app
from fogdip.management.commands.rundev import service_commands
from fogdip.queues import ADJUDICATION, MAIL, PASSES, TASK_QUEUES, queue_names

ROOT = Path(__file__).resolve().parents[2]


def our_tasks() -> set[str]:
    app.loader.import_default_modules()  # what a worker imports when it starts
    # Celery's own, and tasks that tests define for a worker of their own.
    return {name for name in app.tasks if not name.startswith(("celery.", "tests."))}


def consumed_queues(command: list[str]) -> set[str]:
    options = [part for part in command if part.startswith("--queues=")]
    assert len(options) == 1, f"the worker names no queues: {command}"
    return set(options[0].removeprefix("--queues=").split(","))


def routed_queues() -> set[str]:
    return {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}


def test_it_routes_every_registered_task():
    assert our_tasks() <= set(settings.CELERY_TASK_ROUTES)


def test_it_keeps_adjudication_and_sending_apart():
    assert TASK_QUEUES["games.tasks.adjudicate_phase_task"] == ADJUDICATION
    assert TASK_QUEUES["postoffice.tasks.send_message"] == MAIL
    prefix = settings.FOGDIP_QUEUE_PREFIX
    assert routed_queues() == set(queue_names(prefix))  # every queue has work, none is stray


def test_the_production_worker_consumes_every_queue():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert consumed_queues(compose["services"]["worker"]["command"]) == set(queue_names())


def test_the_development_worker_consumes_every_routed_queue():
    worker = service_commands("127.0.0.1:8000")["worker"]
    assert consumed_queues(worker) == routed_queues()


def test_it_takes_a_waiting_deadline_before_more_email():
    """With Redis, a worker polls its queues in sorted order (kombu's "sorted"
    strategy): adjudication sorts first, so it never waits behind sending."""
    assert app.conf.broker_transport_options["queue_order_strategy"] == "sorted"
    assert sorted(queue_names())[0] == ADJUDICATION
    assert sorted(queue_names("test-prefix-"))[0] == "test-prefix-" + ADJUDICATION


def test_the_caretakers_passes_wait_behind_deadlines_and_mail():
    """Anyone may start practice games, each a pass for six seats a phase:
    their passes have a queue of their own, polled after adjudication and
    mail, so however many there are, no deadline and no email waits for them."""
    assert TASK_QUEUES["api.tasks.care_for_seats"] == PASSES
    assert [task for task, queue in TASK_QUEUES.items() if queue == PASSES] == [
        "api.tasks.care_for_seats"
    ]
    order = sorted(queue_names())
    assert order.index(ADJUDICATION) < order.index(MAIL) < order.index(PASSES)
