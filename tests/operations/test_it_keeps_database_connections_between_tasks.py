"""Through Redis and a real worker: a task's database connection serves the
next task, as a web request's serves the next request, and is replaced when
Django's rules say so (too old, or found broken by the health check).

Celery's Django fixup on its own closes every connection around every task,
so each task would pay for a new PostgreSQL backend and lose its prepared
statements (docs/performance-history.md, "Connections kept between tasks").
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from celery.contrib.testing.worker import start_worker  # type: ignore[import-untyped]
from django.db import connection

from fogdip.celery import app

WAIT_SECONDS = 20
QUEUE = "test-connection-reuse"
SEEN: list[int] = []


@app.task(name="tests.operations.backend_pid")
def backend_pid(close_at: float | None = None) -> None:
    """Note which PostgreSQL backend served this task; optionally age the connection."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        SEEN.append(cursor.fetchone()[0])
    if close_at is not None:
        connection.close_at = close_at


@pytest.fixture(autouse=True)
def eager_celery() -> None:
    """Here tasks go through the broker to a real worker, never run in place."""


@pytest.fixture
def worker(
    require_postgres: None, require_redis: None, in_thread_workers_let_go: None
) -> Iterator[None]:
    SEEN.clear()
    app.control.purge()
    with start_worker(
        app, pool="solo", perform_ping_check=False, shutdown_timeout=10, queues=[QUEUE]
    ):
        yield


def run(count: int, close_at: float | None = None) -> list[int]:
    """Queue ``count`` tasks one after another, each after the last has run."""
    for _ in range(count):
        expected = len(SEEN) + 1
        backend_pid.apply_async((close_at,), queue=QUEUE)
        deadline = time.monotonic() + WAIT_SECONDS
        while len(SEEN) < expected and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(SEEN) == expected, "the worker did not run the task"
    return SEEN[-count:]


@pytest.mark.django_db(transaction=True)
def test_one_connection_serves_task_after_task(worker):
    assert len(set(run(5))) == 1


@pytest.mark.django_db(transaction=True)
def test_a_connection_past_its_age_is_replaced(worker):
    aged = run(1, close_at=time.monotonic() - 1)
    assert run(1) != aged


@pytest.mark.django_db(transaction=True)
def test_a_connection_the_database_dropped_is_replaced_not_failed(worker):
    first = run(1)
    with connection.cursor() as cursor:  # the test's own connection, not the worker's
        cursor.execute("SELECT pg_terminate_backend(%s)", first)
    assert run(1) != first
