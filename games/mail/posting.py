"""Posting email: one outbox row per key, handed to a send task on commit.

The guarantee (README, "Email"): a message is queued in the same transaction
as the event that causes it, at most once per key; the send task
(games.mail.sending.send_message) claims its row by conditional UPDATE, so two
deliveries of one task send once.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.mail.models import OutboxMessage
from games.mail.sending import send_message

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
    transaction.on_commit(lambda: send_message.delay(message_id))


def retry_failed(message_ids: Iterable[int], now: datetime) -> int:
    """The game master asks for failed messages to be tried again."""
    rows = OutboxMessage.objects.filter(pk__in=list(message_ids), status=Status.FAILED)
    count = rows.update(status=Status.PENDING, next_attempt=now, attempts=0)
    for message_id in message_ids:
        enqueue_send(message_id)
    return count


def release_held(user: Any, to_email: str, now: datetime) -> int:
    """The address is confirmed: send everything held for this person, to it."""
    held = OutboxMessage.objects.filter(user=user, status=Status.HELD)
    ids = list(held.values_list("pk", flat=True))
    count = held.update(status=Status.PENDING, to_email=to_email, next_attempt=now)
    for message_id in ids:
        enqueue_send(message_id)
    return count
