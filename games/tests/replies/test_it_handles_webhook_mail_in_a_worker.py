"""The webhook records a message and answers; a worker's task handles it
(postoffice.inbound.waiting): queued once the row is committed, handled
once however often it runs, queued again by the sweep when its task was
lost, refused after MAX_ATTEMPTS claims, and read under a time and a
recursion budget (postoffice.inbound.budget), so no message is tried for
ever and none holds a worker long."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.utils import timezone

from fogdip.celery import app
from games.tests.replies.conftest import letter, sheet_of
from games.tests.replies.test_it_receives_mail_by_webhook import mailgun, post_only
from postoffice.inbound import handler, waiting
from postoffice.inbound.models import InboundMessage, ReceivedMail
from postoffice.inbound.waiting import MAX_ATTEMPTS, handle_received_mail, sweep_received_mail

__all__ = ["mailgun"]  # the webhook signed with Mailgun's key, for every test here
SENDER = "england@example.org"


@pytest.fixture
def eager():
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


@pytest.fixture
def orders(england) -> bytes:
    return letter("F Lon - Nth", SENDER, england)


def waiting_row() -> ReceivedMail:
    return ReceivedMail.objects.get()


def test_the_request_records_the_message_and_plays_nothing(client, phase, england, orders):
    assert post_only(client, orders, england).status_code == 200
    row = waiting_row()
    assert (bytes(row.raw), row.road, row.recipients) == (orders, "webhook: Mailgun", [england])
    assert row.status == ReceivedMail.Status.RECEIVED
    assert sheet_of(phase, "ENGLAND") == []
    assert not InboundMessage.objects.exists()


def test_its_task_is_queued_once_the_row_is_committed(
    client, phase, england, orders, eager, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert post_only(client, orders, england).status_code == 200
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]
    assert InboundMessage.objects.get().outcome == "accepted"
    assert not ReceivedMail.objects.exists()


def test_a_task_run_twice_handles_the_message_once(client, phase, england, orders):
    post_only(client, orders, england)
    row = waiting_row()
    assert handle_received_mail(row.pk) == "accepted"
    assert handle_received_mail(row.pk) == "not claimed"
    assert InboundMessage.objects.count() == 1


def test_a_row_claimed_by_another_worker_is_left_to_it(client, phase, england, orders):
    post_only(client, orders, england)
    row = waiting_row()
    assert waiting.claim(row.pk) is not None
    assert handle_received_mail(row.pk) == "not claimed"
    assert sheet_of(phase, "ENGLAND") == []


def test_the_same_post_twice_waits_as_one_row(client, phase, england, orders):
    post_only(client, orders, england)
    post_only(client, orders, england)
    assert ReceivedMail.objects.count() == 1


def test_the_sweep_queues_again_what_waited_too_long(client, phase, england, orders, eager):
    post_only(client, orders, england)
    assert sweep_received_mail() == 0  # its task is still on its way
    ReceivedMail.objects.update(since=timezone.now() - waiting.LEASE - timedelta(seconds=1))
    assert sweep_received_mail() == 1
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]
    assert not ReceivedMail.objects.exists()


def test_the_sweep_frees_a_dead_workers_claim(client, phase, england, orders, eager):
    post_only(client, orders, england)
    waiting.claim(waiting_row().pk)
    ReceivedMail.objects.update(since=timezone.now() - waiting.LEASE - timedelta(seconds=1))
    assert sweep_received_mail() == 1
    assert InboundMessage.objects.get().outcome == "accepted"


def test_a_message_whose_worker_keeps_dying_is_refused_not_tried_for_ever(
    client, phase, england, orders
):
    post_only(client, orders, england)
    ReceivedMail.objects.update(attempts=MAX_ATTEMPTS)
    assert handle_received_mail(waiting_row().pk) == "refused"
    row = InboundMessage.objects.get()
    assert row.reason == f"not handled in {MAX_ATTEMPTS} attempts"
    assert not ReceivedMail.objects.exists()
    assert sheet_of(phase, "ENGLAND") == []


def test_a_task_past_its_soft_time_limit_refuses_the_message(
    client, phase, england, orders, monkeypatch
):
    def stuck(*args):
        raise SoftTimeLimitExceeded

    monkeypatch.setattr(waiting, "handle_message", stuck)
    post_only(client, orders, england)
    assert handle_received_mail(waiting_row().pk) == "refused"
    assert InboundMessage.objects.get().reason == "handling it took too long"


def test_a_read_past_its_time_budget_is_refused(phase, england, orders, monkeypatch, settings):
    """A stand-in for a parse nobody foresaw: it would spin for 30 s."""
    settings.INBOUND_READ_SECONDS = 0.2

    def spin(*args):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            pass

    monkeypatch.setattr(handler, "read_letter", spin)
    started = time.monotonic()
    handled = handler.handle_message(orders, "test")
    assert time.monotonic() - started < 10
    assert handled == handler.Handled("refused", "reading the message took more than 0.2 s")
    assert InboundMessage.objects.get().reason == handled.reason


def test_a_read_past_its_recursion_budget_is_refused(phase, england, orders, monkeypatch):
    def deep(*args):
        return deep(*args)

    monkeypatch.setattr(handler, "read_letter", deep)
    handled = handler.handle_message(orders, "test")
    assert handled == handler.Handled("refused", "the message is nested too deeply to read")


def test_the_budget_leaves_no_timer_behind(phase, england, orders):
    import signal

    before = signal.getsignal(signal.SIGALRM)
    assert handler.handle_message(orders, "test").outcome == "accepted"
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before
