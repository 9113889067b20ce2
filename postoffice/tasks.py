"""Celery tasks for email: each takes an id (or nothing), loads, and calls a domain function.

Mail in has its tasks beside what they call (postoffice.inbound.waiting):
a webhook records a message and a worker handles it.

Sending is never scheduled with an ETA: a failed send sets the row's next
attempt time, and the beat sweep picks up whatever is due, including rows
whose task was lost or whose worker died.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from postoffice import outbox, registry
from postoffice.inbound.waiting import handle_received_mail, sweep_received_mail
from postoffice.sending import queue_sends, send_message, send_messages

__all__ = [
    "handle_received_mail",
    "send_message",
    "send_messages",
    "sweep_outbox",
    "sweep_received_mail",
]


@shared_task
def sweep_outbox() -> dict[str, int]:
    """Queue reminders that are due (each game's, postoffice.registry), free dead workers' claims,
    and queue what is due.

    Due rows go to send tasks a batch each, so sending spreads over every
    worker process. A row whose task is still waiting is not queued again
    (outbox.mark_queued); one queued twice all the same is sent once, since
    sending starts by claiming the row."""
    now = timezone.now()
    queued = sum(game.queue_due_reminders(now) for game in registry.correspondents())
    released = outbox.release_stale(now)
    due = outbox.still_due(outbox.mark_queued(outbox.due(now)), now)
    queue_sends(due)
    return {"reminders": queued, "released": released, "queued": len(due)}
