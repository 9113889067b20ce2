"""Through a real broker: committing an event queues its messages, a worker sends each once."""

from __future__ import annotations

import time

import pytest
from celery.contrib.testing.worker import start_worker  # type: ignore[import-untyped]
from django.core import mail

from fogdip.celery import app
from fogdip.queues import queue_names
from games.tests.emails.conftest import make_game
from postoffice.models import OutboxMessage

WAIT_SECONDS = 20


def wait_until_sent(expected: int) -> int:
    deadline = time.monotonic() + WAIT_SECONDS
    sent = 0
    while time.monotonic() < deadline:
        sent = OutboxMessage.objects.filter(status="sent").count()
        if sent >= expected:
            break
        time.sleep(0.2)
    return sent


@pytest.fixture(autouse=True)
def eager_celery() -> None:
    """Here tasks go through the broker to a real worker, never run in place."""


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("in_thread_workers_let_go")
def test_it_sends_each_welcome_once_through_redis(require_redis, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    app.control.purge()
    queues = queue_names(settings.FOGDIP_QUEUE_PREFIX)
    with start_worker(
        app, pool="solo", perform_ping_check=False, shutdown_timeout=10, queues=queues
    ):
        make_game()  # start_game commits, then each welcome's send task is queued
        assert wait_until_sent(7) == 7
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        OutboxMessage.objects.values_list("to_email", flat=True)
    )
