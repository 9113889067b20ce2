"""Send outbox rows: claim each, build it, hand it over, record what happened.

The send tasks live here, beside what they call, so that posting a message
(postoffice.posting) and the tasks module do not import each other; they keep
their registered names ``postoffice.tasks.send_message`` (one row) and
``postoffice.tasks.send_messages`` (an event's rows, over one connection).
"""

from __future__ import annotations

import logging
import time
from email.utils import format_datetime

from celery import shared_task
from django.core.mail.backends.base import BaseEmailBackend
from django.db.models import QuerySet
from django.utils import timezone

from common.prepared import prepared
from common.timings import EMAIL_SEND, timed
from postoffice import outbox, registry
from postoffice.compose import Draft, build_message
from postoffice.delivery import DeliveryResult, deliver, shared_connection
from postoffice.mime import MailMessage
from postoffice.models import OutboxMessage
from postoffice.recipients import recipient_preferences, settings_of
from postoffice.unsubscribe import unsubscribe_headers

logger = logging.getLogger(__name__)
# The row, its game and phase, and everything about its recipient that sending
# reads, in one query; the phase's board is never needed.
RECIPIENT = ("user__email_settings", "user__profile")


@prepared
def sending_row(message_id: int) -> QuerySet[OutboxMessage]:
    rows = OutboxMessage.objects.select_related("game", "battle", "phase", "user", *RECIPIENT)
    return rows.defer("phase__position", "phase__outcome").filter(pk=message_id)


def load_for_sending(message_id: int) -> OutboxMessage:
    message = sending_row.first(message_id=message_id)
    if message is None:
        raise OutboxMessage.DoesNotExist(f"no outbox message {message_id}")
    return message


def address_blocked(message: OutboxMessage) -> str:
    """A bounced or complaining address gets no more mail until the player fixes it."""
    settings = settings_of(message.user)
    if settings is None or settings.can_receive:
        return ""
    return f"address {settings.get_address_status_display().lower()}: {settings.address_detail}"


@shared_task(name="postoffice.tasks.send_message")
def send_message(message_id: int) -> str:
    """One row. Nothing queues this any more; it stays registered so that tasks
    already waiting in the queue when a site upgrades still run."""
    try:
        return send_outbox_message(message_id)
    finally:
        # Only now: until the row is claimed and sent (or left for a retry),
        # a sweep that read it as due must not queue it again.
        outbox.unmark_queued(message_id)


# Rows per send task: a seven-power deadline's results go in one task, and a
# sweep's hundreds of due rows still spread over every worker process.
SEND_BATCH = 10


def queue_sends(message_ids: list[int]) -> None:
    """Hand rows (already marked as queued) to send tasks, a batch each."""
    for start in range(0, len(message_ids), SEND_BATCH):
        send_messages.delay(message_ids[start : start + SEND_BATCH])


@shared_task(name="postoffice.tasks.send_messages")
def send_messages(message_ids: list[int]) -> list[str]:
    """Several rows in one task, handed over through one connection (one SMTP
    session, one provider HTTP session) instead of one each.

    Each row is still claimed, sent and marked on its own, so a task killed
    halfway has recorded every message it sent, and the rest are the sweep's
    once their marks or leases run out. A row that raises is logged and left
    to the sweep; it does not hold up the rows after it. Their maps are drawn
    together: powers who know the same board share its drawing."""
    results = []
    with shared_connection() as connection, registry.sending_batch(), timed(EMAIL_SEND) as watch:
        for message_id in message_ids:
            started = time.perf_counter()
            results.append(_send_one_of_many(message_id, connection))
            if results[-1] != "not claimed":  # another worker's: it times it
                watch.since(started)
    return results


def _send_one_of_many(message_id: int, connection: BaseEmailBackend) -> str:
    try:
        return send_outbox_message(message_id, connection)
    except Exception:
        logger.exception("sending outbox message %s raised; the sweep will retry it", message_id)
        return "raised"
    finally:
        outbox.unmark_queued(message_id)


def awaits_confirmation(message: OutboxMessage) -> bool:
    """Game email waits until its recipient confirms the address; an invitation,
    sent to an address with no account yet, does not."""
    if message.user is None or message.kind == OutboxMessage.Kind.INVITATION:
        return False
    settings = settings_of(message.user)
    return not (settings and settings.address_confirmed)


def send_outbox_message(message_id: int, connection: BaseEmailBackend | None = None) -> str:
    """Send a row once; a second call, or a call for a row another worker holds, does nothing."""
    now = timezone.now()
    if not outbox.claim(message_id, now):
        return "not claimed"
    message = load_for_sending(message_id)
    if awaits_confirmation(message):
        outbox.hold(message_id)
        return "held"
    blocked = address_blocked(message)
    if blocked:
        outbox.mark_failed(message_id, blocked, permanent=True, now=now)
        return "blocked"
    result = hand_over(message, connection)
    if result.sent:
        outbox.mark_sent(message_id, now, result.message_id)
        return "sent"
    logger.warning("sending outbox message %s failed: %s", message_id, result.error)
    failed = outbox.mark_failed(message_id, result.error, result.permanent, timezone.now())
    return str(failed.status)


def hand_over(message: OutboxMessage, connection: BaseEmailBackend | None = None) -> DeliveryResult:
    email = outgoing_message(message)
    email.connection = connection
    # Providers echo metadata in their tracking webhooks, which lets a webhook
    # confirm a send whose worker died before recording it.
    email.metadata = {"outbox": message.token}  # type: ignore[attr-defined]
    return deliver(email)


def outgoing_message(message: OutboxMessage) -> MailMessage:
    """The row's email exactly as it is sent, headers included: the preview
    (page and command) shows this same message."""
    email = build_message(draft_of(message))
    email.extra_headers["Message-ID"] = message.message_id_header
    # RFC 3834: every notification is automatic, so no robot answers it;
    # an answer to a person's email says auto-replied instead.
    email.extra_headers.setdefault("Auto-Submitted", "auto-generated")
    # In UTC with its zone, +0000: Django's default -0000 says "zone unknown".
    email.extra_headers.setdefault("Date", format_datetime(timezone.now()))
    if message.user is not None:
        email.extra_headers.update(unsubscribe_headers(message.user))
    return email


def draft_of(message: OutboxMessage) -> Draft:
    """The row as its game writes it, for its recipient's time zone and format."""
    time_zone, html = recipient_preferences(message.user)
    return registry.correspondent_of(message).build_draft(message, time_zone, html)
