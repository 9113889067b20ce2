"""Every write to the outbox: queueing messages, claiming, marking, recovering.

The guarantee (README, "Email"): a message is queued in the same transaction
as the event that causes it, at most once per key; a send task claims its row
by conditional UPDATE, so two deliveries of one task send once; a row whose
worker died after claiming goes back to the queue when its lease runs out and
is sent again with the same Message-ID.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.mail.models import OutboxMessage

Status = OutboxMessage.Status
LEASE = timedelta(minutes=10)
MAX_ATTEMPTS = 8
FIRST_RETRY = timedelta(minutes=1)
LONGEST_RETRY = timedelta(hours=6)


def queue(
    kind: str,
    game: Any,
    key: str,
    to_email: str,
    *,
    user: Any = None,
    phase: Any = None,
    power: str = "",
    context: dict[str, Any] | None = None,
) -> OutboxMessage | None:
    """Write one outbox row unless its key exists; send it once the transaction commits."""
    if not to_email:
        return None
    message, created = OutboxMessage.objects.get_or_create(
        key=key,
        defaults={
            "kind": kind,
            "game": game,
            "phase": phase,
            "power": power,
            "user": user,
            "to_email": to_email,
            "context": context or {},
            "next_attempt": timezone.now(),
        },
    )
    if created:
        enqueue_send(message.pk)
    return message if created else None


def enqueue_send(message_id: int) -> None:
    from games.mail.tasks import send_message

    transaction.on_commit(lambda: send_message.delay(message_id))


def claim(message_id: int, now: datetime) -> bool:
    """PENDING -> SENDING for exactly one caller: "if one row changed, it is mine"."""
    rows = OutboxMessage.objects.filter(
        pk=message_id, status=Status.PENDING, next_attempt__lte=now
    ).update(status=Status.SENDING, claimed=now, attempts=F("attempts") + 1)
    return rows == 1


def mark_sent(message_id: int, claimed: datetime, provider_message_id: str) -> None:
    """Only the holder of this claim marks the row: a claim that outlived its
    lease and was handed to another worker no longer counts."""
    OutboxMessage.objects.filter(pk=message_id, status=Status.SENDING, claimed=claimed).update(
        status=Status.SENT,
        sent=timezone.now(),
        provider_message_id=provider_message_id,
        last_error="",
    )


def mark_failed(message_id: int, error: str, permanent: bool, now: datetime) -> OutboxMessage:
    """A permanent error, or the last attempt, fails the row; else retry with backoff."""
    message = OutboxMessage.objects.get(pk=message_id)
    give_up = permanent or message.attempts >= MAX_ATTEMPTS
    OutboxMessage.objects.filter(pk=message_id, status=Status.SENDING).update(
        status=Status.FAILED if give_up else Status.PENDING,
        next_attempt=now + retry_delay(message.attempts),
        last_error=error,
    )
    message.refresh_from_db()
    return message


def retry_delay(attempts: int) -> timedelta:
    """1, 2, 4, 8 ... minutes, at most six hours."""
    return min(FIRST_RETRY * 2 ** max(attempts - 1, 0), LONGEST_RETRY)


def release_stale(now: datetime) -> int:
    """Claims older than the lease belong to dead workers: queue those rows again."""
    stale = OutboxMessage.objects.filter(status=Status.SENDING, claimed__lt=now - LEASE)
    return stale.update(status=Status.PENDING, next_attempt=now)


def due(now: datetime) -> list[int]:
    rows = OutboxMessage.objects.filter(status=Status.PENDING, next_attempt__lte=now)
    return list(rows.values_list("pk", flat=True)[:500])


def retry_failed(message_ids: Iterable[int], now: datetime) -> int:
    """The game master asks for failed messages to be tried again."""
    rows = OutboxMessage.objects.filter(pk__in=list(message_ids), status=Status.FAILED)
    count = rows.update(status=Status.PENDING, next_attempt=now, attempts=0)
    for message_id in message_ids:
        enqueue_send(message_id)
    return count
