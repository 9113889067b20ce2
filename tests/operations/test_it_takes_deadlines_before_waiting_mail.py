"""Through Redis and a real worker: with mail and adjudication both waiting,
a worker takes every adjudication first (kombu's sorted queue order), not one
of each in turn, so a burst of sending never holds a deadline back; and the
caretaker's passes, which any account can multiply with practice games, come
after both."""

from __future__ import annotations

import time
from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker  # type: ignore[import-untyped]
from celery.signals import task_prerun

from api.tasks import care_for_seats
from fogdip.celery import app
from fogdip.queues import queue_names
from games.actions.queue import adjudicate_phase_task
from postoffice.sending import send_messages

ADJUDICATE = "games.tasks.adjudicate_phase_task"
SEND = "postoffice.tasks.send_messages"
CARE = "api.tasks.care_for_seats"
WAIT_SECONDS = 20


@pytest.fixture(autouse=True)
def eager_celery() -> None:
    """Here tasks go through the broker to a real worker, never run in place."""


def wait_for(ran: list[tuple[str, str]], ours: set[str]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not ours <= {task_id for task_id, _ in ran} and time.monotonic() < deadline:
        time.sleep(0.1)


def run_in_order(queued: list, prefix: str) -> list[str]:
    """The names of ``queued``'s tasks in the order one worker ran them."""
    ours = {result.id for result in queued}
    ran: list[tuple[str, str]] = []

    def record(sender=None, task_id=None, **kwargs):
        ran.append((task_id, sender.name))

    # Celery's stubs know connect but not disconnect.
    before_each: Any = task_prerun
    before_each.connect(record)
    try:
        with start_worker(
            app,
            pool="solo",
            perform_ping_check=False,
            shutdown_timeout=10,
            queues=queue_names(prefix),
        ):
            wait_for(ran, ours)
    finally:
        before_each.disconnect(record)
    # Other tests' leftover tasks on these queues may run too; only ours are judged.
    return [name for task_id, name in ran if task_id in ours]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_thread_workers_let_go")
def test_waiting_adjudications_go_before_waiting_mail(require_redis, settings):
    app.control.purge()
    queued = [send_messages.delay([]) for _ in range(5)]  # nothing left to send: quick
    queued += [adjudicate_phase_task.delay(gone) for gone in (-1, -2, -3)]  # removed phases
    order = run_in_order(queued, settings.FOGDIP_QUEUE_PREFIX)
    assert len(order) == 8
    assert order[:3] == [ADJUDICATE] * 3, order


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_thread_workers_let_go")
def test_the_caretakers_passes_wait_behind_adjudication_and_mail(require_redis, settings):
    app.control.purge()
    queued = [care_for_seats.delay() for _ in range(3)]  # no seat to play: quick
    queued += [send_messages.delay([]) for _ in range(3)]
    queued += [adjudicate_phase_task.delay(gone) for gone in (-1, -2, -3)]
    order = run_in_order(queued, settings.FOGDIP_QUEUE_PREFIX)
    assert order == [ADJUDICATE] * 3 + [SEND] * 3 + [CARE] * 3, order
