"""Through Redis and a real worker started as Celery's documentation starts
one, with no -Q: the queues are declared (fogdip.queues), so it consumes every
one and every kind of task runs; -Q still chooses a subset."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from celery.contrib.testing.worker import start_worker  # type: ignore[import-untyped]
from celery.signals import task_prerun
from django.conf import settings

from fogdip.celery import app
from fogdip.queues import MAIL, TASK_QUEUES

WAIT_SECONDS = 30
# Each task with arguments naming nothing: it runs, finds nothing to do, ends.
HARMLESS_ARGS: dict[str, tuple[object, ...]] = {
    "games.tasks.sweep_deadlines": (),
    "battles.tasks.sweep_turns": (),
    "games.tasks.adjudicate_phase_task": (-1,),
    "postoffice.tasks.sweep_outbox": (),
    "postoffice.tasks.send_message": (-1,),
    "postoffice.tasks.send_messages": ([],),
    "postoffice.tasks.handle_received_mail": (-1,),
    "postoffice.tasks.sweep_received_mail": (),
    "accounts.tasks.send_confirmation": (-1,),
    "accounts.tasks.send_address_change_links": (-1,),
    "accounts.tasks.send_notice": (-1, "", {}),
    "games.tasks.draw_animations": (-1,),
    "api.tasks.care_for_seats": (),
    "accounts.tasks.clear_expired_sessions": (),
}


@pytest.fixture(autouse=True)
def eager_celery() -> None:
    """Here tasks go through the broker to a real worker, never run in place."""


@pytest.fixture
def ran() -> Iterator[set[str]]:
    names: set[str] = set()

    def record(sender=None, **kwargs):
        names.add(sender.name)

    task_prerun.connect(record)
    yield names
    task_prerun.disconnect(record)  # type: ignore[attr-defined]


def as_a_fresh_process() -> None:
    """A worker started here with -Q leaves its choice on this process's app
    (Celery's Queues.select); a new process starts with every declared queue."""
    queues = app.amqp.queues  # type: ignore[attr-defined]
    queues.select(list(queues))


def queue_all() -> None:
    app.control.purge()
    for name, args in HARMLESS_ARGS.items():
        app.send_task(name, args)


def wait_until(done) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not done() and time.monotonic() < deadline:
        time.sleep(0.1)


def test_it_has_harmless_arguments_for_every_task() -> None:
    assert set(HARMLESS_ARGS) == set(TASK_QUEUES)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_thread_workers_let_go")
def test_a_worker_started_without_queues_runs_every_kind_of_task(require_redis, ran) -> None:
    as_a_fresh_process()
    queue_all()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        wait_until(lambda: set(TASK_QUEUES) <= ran)
    assert set(TASK_QUEUES) <= ran


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_thread_workers_let_go")
def test_naming_queues_still_chooses_a_subset(require_redis, ran) -> None:
    queue_all()
    mail = {name for name, queue in TASK_QUEUES.items() if queue == MAIL}
    queues = [settings.FOGDIP_QUEUE_PREFIX + MAIL]
    with start_worker(
        app, pool="solo", perform_ping_check=False, shutdown_timeout=10, queues=queues
    ):
        wait_until(lambda: mail <= ran)
        time.sleep(1)  # room for a task from another queue, were it taken
    assert ran == mail
    app.control.purge()
