"""A send's claim and its mark (postoffice/outbox.py) are written-out SQL:
they change a row exactly as the ORM's UPDATEs did, on SQLite and on
PostgreSQL, and change nothing when the row is not theirs to change."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from postoffice import outbox
from postoffice.models import OutboxMessage

Status = OutboxMessage.Status


@pytest.fixture
def row(started_game, first_phase) -> OutboxMessage:
    game, _, _ = started_game
    message = OutboxMessage.objects.filter(game=game, status=Status.PENDING).first()
    assert message is not None and message.attempts == 0
    return message


def test_a_claim_takes_a_due_row_once(row: OutboxMessage) -> None:
    now = timezone.now()
    assert outbox.claim(row.pk, now)
    row.refresh_from_db()
    assert (row.status, row.claimed, row.attempts) == (Status.SENDING, now, 1)
    assert not outbox.claim(row.pk, now + timedelta(seconds=1))
    row.refresh_from_db()
    assert (row.status, row.claimed, row.attempts) == (Status.SENDING, now, 1)


def test_a_claim_leaves_a_row_not_yet_due(row: OutboxMessage) -> None:
    later = timezone.now() + timedelta(minutes=5)
    OutboxMessage.objects.filter(pk=row.pk).update(next_attempt=later)
    assert not outbox.claim(row.pk, later - timedelta(microseconds=1))
    assert outbox.claim(row.pk, later)  # due at that very moment


def test_the_holder_of_the_claim_marks_the_row_sent(row: OutboxMessage) -> None:
    claimed = timezone.now()
    OutboxMessage.objects.filter(pk=row.pk).update(last_error="timed out")
    assert outbox.claim(row.pk, claimed)
    outbox.mark_sent(row.pk, claimed, "provider-id-1")
    row.refresh_from_db()
    assert (row.status, row.provider_message_id, row.last_error) == (
        Status.SENT,
        "provider-id-1",
        "",
    )
    assert row.sent is not None and claimed <= row.sent <= timezone.now()


def test_a_claim_that_outlived_its_lease_marks_nothing(row: OutboxMessage) -> None:
    first, second = timezone.now(), timezone.now() + outbox.LEASE + timedelta(seconds=1)
    assert outbox.claim(row.pk, first)
    OutboxMessage.objects.filter(pk=row.pk).update(status=Status.PENDING, next_attempt=first)
    assert outbox.claim(row.pk, second)  # the row went back to the queue and was claimed again
    outbox.mark_sent(row.pk, first, "from-the-first-worker")
    row.refresh_from_db()
    assert (row.status, row.claimed, row.attempts) == (Status.SENDING, second, 2)
    assert row.provider_message_id == ""
