"""Transient errors retry with backoff; permanent ones are recorded for the game master."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from postoffice import sending
from postoffice.delivery import DeliveryResult
from postoffice.models import OutboxMessage
from postoffice.outbox import MAX_ATTEMPTS, retry_delay
from postoffice.sending import send_outbox_message
from postoffice.tasks import sweep_outbox

Status = OutboxMessage.Status


@pytest.fixture
def message(started_game, first_phase):
    game, _, _ = started_game
    return OutboxMessage.objects.filter(game=game, kind="game_start").first()


def failing(permanent: bool):
    return lambda message, connection=None: DeliveryResult(
        sent=False, error="provider down", permanent=permanent
    )


def test_it_retries_a_transient_failure_later(message, monkeypatch, mailoutbox):
    monkeypatch.setattr(sending, "hand_over", failing(permanent=False))
    assert send_outbox_message(message.pk) == Status.PENDING
    message.refresh_from_db()
    assert message.attempts == 1 and message.last_error == "provider down"
    assert message.next_attempt > timezone.now()
    monkeypatch.undo()
    sweep_outbox()
    assert mailoutbox == [] or message.to_email not in [m.to[0] for m in mailoutbox]
    OutboxMessage.objects.filter(pk=message.pk).update(next_attempt=timezone.now())
    sweep_outbox()
    assert [m.to[0] for m in mailoutbox].count(message.to_email) == 1


def test_it_backs_off_exponentially_up_to_a_ceiling():
    assert [retry_delay(n).total_seconds() for n in (1, 2, 3, 4)] == [60, 120, 240, 480]
    assert retry_delay(30) == timedelta(hours=6)


def test_it_records_a_permanent_failure_and_stops(message, monkeypatch):
    monkeypatch.setattr(sending, "hand_over", failing(permanent=True))
    assert send_outbox_message(message.pk) == Status.FAILED
    OutboxMessage.objects.filter(pk=message.pk).update(next_attempt=timezone.now())
    sweep_outbox()
    message.refresh_from_db()
    assert (message.status, message.attempts, message.last_error) == (
        Status.FAILED,
        1,
        "provider down",
    )


def test_it_gives_up_after_the_last_attempt(message, monkeypatch):
    monkeypatch.setattr(sending, "hand_over", failing(permanent=False))
    OutboxMessage.objects.filter(pk=message.pk).update(attempts=MAX_ATTEMPTS - 1)
    assert send_outbox_message(message.pk) == Status.FAILED
