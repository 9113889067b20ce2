"""The outbox rows' life: claiming, marking sent or failed, recovering.

Queueing a new row (and handing it to a send task) is postoffice/posting.py,
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
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.utils import timezone

from postoffice.models import OutboxMessage

Status = OutboxMessage.Status
LEASE = timedelta(minutes=10)
MAX_ATTEMPTS = 8
FIRST_RETRY = timedelta(minutes=1)
LONGEST_RETRY = timedelta(hours=6)
QUEUED = "outbox-queued:{}"


# The two statements every send runs, written out rather than built by the
# ORM: building an UPDATE cost about 0.96 ms of CPU against 0.17 ms to run
# it from a cursor (docs/performance-history.md, "Claims written out"), and
# a burst of 1,000 games runs 14,000 of them. Their effect is the ORM's, tested by
# postoffice/tests/test_it_claims_and_marks_rows_as_the_orm_would.py.
CLAIM = (
    "UPDATE {table} SET status = %s, claimed = %s, attempts = attempts + 1"
    " WHERE id = %s AND status = %s AND next_attempt <= %s"
)
MARK_SENT = (
    "UPDATE {table} SET status = %s, sent = %s, provider_message_id = %s, last_error = ''"
    " WHERE id = %s AND status = %s AND claimed = %s"
)


def claim(message_id: int, now: datetime) -> bool:
    """PENDING -> SENDING for exactly one caller: "if one row changed, it is mine"."""
    when = _stored(now)
    changed = _update(CLAIM, [Status.SENDING.value, when, message_id, Status.PENDING.value, when])
    return changed == 1


def mark_sent(message_id: int, claimed: datetime, provider_message_id: str) -> None:
    """Only the holder of this claim marks the row: a claim that outlived its
    lease and was handed to another worker no longer counts."""
    _update(
        MARK_SENT,
        [
            Status.SENT.value,
            _stored(timezone.now()),
            provider_message_id,
            message_id,
            Status.SENDING.value,
            _stored(claimed),
        ],
    )


def _update(statement: str, values: list[Any]) -> int:
    """Rows changed by ``statement`` (its {table}: the outbox's) run with ``values``."""
    table = connection.ops.quote_name(OutboxMessage._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(statement.format(table=table), values)
        return cursor.rowcount


def _stored(moment: datetime) -> Any:
    """A time as the database column holds it (SQLite: text in UTC), as the ORM writes it."""
    return connection.ops.adapt_datetimefield_value(moment)


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
