"""Through Redis and a real worker: with mail and adjudication both waiting,
a worker takes every adjudication first (kombu's sorted queue order), not one
of each in turn, so a burst of sending never holds a deadline back."""

from __future__ import annotations

import time

import pytest
from celery.contrib.testing.worker import start_worker  # type: ignore[import-untyped]
from celery.signals import task_prerun

from fogdip.celery import app
from games.actions.queue import adjudicate_phase_task
from games.mail.sending import send_messages
from games.queues import queue_names

ADJUDICATE = "games.tasks.adjudicate_phase_task"
WAIT_SECONDS = 20


@pytest.fixture(autouse=True)
def eager_celery() -> None:
    """Here tasks go through the broker to a real worker, never run in place."""


def wait_for(order: list[str], count: int) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while len(order) < count and time.monotonic() < deadline:
        time.sleep(0.1)


@pytest.mark.django_db(transaction=True)
def test_waiting_adjudications_go_before_waiting_mail(require_redis, settings):
    app.control.purge()
    for _ in range(5):
        send_messages.delay([])  # a batch with nothing left to send: quick
    for missing_phase in (-1, -2, -3):
        adjudicate_phase_task.delay(missing_phase)  # a removed phase: quick
    order: list[str] = []

    def record(sender=None, **kwargs):
        order.append(sender.name)

    task_prerun.connect(record)
    try:
        queues = queue_names(settings.FOGDIP_QUEUE_PREFIX)
        with start_worker(
            app, pool="solo", perform_ping_check=False, shutdown_timeout=10, queues=queues
        ):
            wait_for(order, 8)
    finally:
        task_prerun.disconnect(record)
    assert len(order) == 8
    assert order[:3] == [ADJUDICATE] * 3, order
