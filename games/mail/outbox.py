"""The outbox rows' life: claiming, marking sent or failed, recovering.

Queueing a new row (and handing it to a send task) is games/mail/posting.py,
one layer up, so that the send task can use these functions without the two
importing each other.

The guarantee (README, "Email"): a message is queued in the same transaction
as the event that causes it, at most once per key; a send task claims its row
by conditional UPDATE, so two deliveries of one task send once; a row whose
worker died after claiming goes back to the queue when its lease runs out and
is sent again with the same Message-ID.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db.models import F
from django.utils import timezone

from games.mail.models import OutboxMessage

Status = OutboxMessage.Status
LEASE = timedelta(minutes=10)
MAX_ATTEMPTS = 8
FIRST_RETRY = timedelta(minutes=1)
LONGEST_RETRY = timedelta(hours=6)
QUEUED = "outbox-queued:{}"


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


def mark_queued(message_ids: Iterable[int]) -> list[int]:
    """The rows with no send task waiting, now marked as having one.

    A send task queued by its event can wait minutes behind a burst; without
    the mark every sweep in between would queue the row again (up to 500 at a
    time), and each copy would cost a task and a failed claim. The task
    clears the mark once it has run. The mark lives in the shared cache and
    only spares work: the claim still decides who sends. A mark outlives a
    lost task by at most the lease, after which the sweep queues the row
    again."""
    lease = int(LEASE.total_seconds())
    return [pk for pk in message_ids if cache.add(QUEUED.format(pk), True, timeout=lease)]


def unmark_queued(message_id: int) -> None:
    """The row's send task has run: a later sweep may queue it (a retry)."""
    cache.delete(QUEUED.format(message_id))


def still_due(message_ids: list[int], now: datetime) -> list[int]:
    """Those of the rows still pending and due: a sweep's list is a moment old,
    and a task may have sent a row of it meanwhile."""
    rows = OutboxMessage.objects.filter(pk__in=message_ids, status=Status.PENDING)
    due_now = set(rows.filter(next_attempt__lte=now).values_list("pk", flat=True))
    for message_id in set(message_ids) - due_now:
        unmark_queued(message_id)
    return [message_id for message_id in message_ids if message_id in due_now]


def hold(message_id: int) -> None:
    """The recipient has not confirmed their address: keep the row, send nothing."""
    OutboxMessage.objects.filter(pk=message_id, status=Status.SENDING).update(
        status=Status.HELD, attempts=F("attempts") - 1, claimed=None
    )
