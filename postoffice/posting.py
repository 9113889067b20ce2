"""Posting email: one outbox row per key, handed to a send task on commit.

The guarantee (README, "Email"): a message is queued in the same transaction
as the event that causes it, at most once per key; the send task
(postoffice.sending.send_messages) claims each row by conditional UPDATE, so two
deliveries of one task send once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from postoffice import outbox
from postoffice.models import OutboxMessage
from postoffice.sending import queue_sends

Status = OutboxMessage.Status


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
    battle: Any = None,
    side: str = "",
) -> OutboxMessage | None:
    """Write one outbox row unless its key exists; send it once the transaction commits.

    A battle's email passes ``game`` None and names the ``battle`` and ``side``."""
    if not to_email:
        return None
    message, created = OutboxMessage.objects.get_or_create(
        key=key,
        defaults={
            "kind": kind,
            "game": game,
            "battle": battle,
            "side": side,
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


@dataclass(frozen=True)
class Posting:
    """One message of an event that writes several (one per seat, say)."""

    key: str
    to_email: str
    user: Any = None
    power: str = ""
    context: dict[str, Any] = field(default_factory=dict)


def queue_each(kind: str, game: Any, postings: Sequence[Posting], *, phase: Any = None) -> int:
    """``queue`` for many messages of one kind at once, in three statements
    however many there are (a deadline writes seven, a thousand deadlines
    7,000): the keys already written, one INSERT of the rest, their ids. A
    key written meanwhile by another transaction is skipped by the INSERT,
    and a row handed to two send tasks is sent once, so racing events still
    write and send each message once."""
    wanted = {posting.key: posting for posting in postings if posting.to_email}
    written = OutboxMessage.objects.filter(key__in=list(wanted)).values_list("key", flat=True)
    new = [wanted[key] for key in wanted.keys() - set(written)]
    if not new:
        return 0
    now = timezone.now()
    rows = [
        OutboxMessage(
            kind=kind,
            game=game,
            phase=phase,
            key=posting.key,
            power=posting.power,
            user=posting.user,
            to_email=posting.to_email,
            context=posting.context,
            next_attempt=now,
        )
        for posting in sorted(new, key=lambda posting: posting.key)
    ]
    OutboxMessage.objects.bulk_create(rows, ignore_conflicts=True)
    keys = [row.key for row in rows]
    rows_written = OutboxMessage.objects.filter(key__in=keys).order_by("pk")
    ids = list(rows_written.values_list("pk", flat=True))
    enqueue_sends(ids)
    return len(ids)


def enqueue_send(message_id: int) -> None:
    enqueue_sends([message_id])


def enqueue_sends(message_ids: list[int]) -> None:
    """Send tasks for the rows once the transaction commits, leaving out rows
    whose task is still waiting; an event's rows go in one task."""
    transaction.on_commit(lambda: queue_sends(outbox.mark_queued(message_ids)))


def retry_failed(message_ids: Iterable[int], now: datetime) -> int:
    """The game master asks for failed messages to be tried again."""
    ids = list(message_ids)
    rows = OutboxMessage.objects.filter(pk__in=ids, status=Status.FAILED)
    count = rows.update(status=Status.PENDING, next_attempt=now, attempts=0)
    enqueue_sends(ids)
    return count


def release_held(user: Any, to_email: str, now: datetime) -> int:
    """The address is confirmed: send everything held for this person, to it."""
    held = OutboxMessage.objects.filter(user=user, status=Status.HELD)
    ids = list(held.values_list("pk", flat=True))
    count = held.update(status=Status.PENDING, to_email=to_email, next_attempt=now)
    enqueue_sends(ids)
    return count


def void(rows: Iterable[OutboxMessage]) -> list[str]:
    """Mail about a phase that was rolled back: never sent now if it was still
    waiting; marked void if it went out. Each frees its key, so the phase's
    mail can be queued afresh; returns a line for the game log per message."""
    said = []
    for row in rows:
        waiting = row.status in (Status.PENDING, Status.HELD, Status.FAILED)
        status = Status.CANCELLED if waiting else row.status
        OutboxMessage.objects.filter(pk=row.pk).update(
            status=status, void=True, key=f"void:{row.token}"
        )
        what = "cancelled" if waiting else "sent"
        said.append(f"{row.kind} to {row.power or row.to_email} ({what})")
    return said
