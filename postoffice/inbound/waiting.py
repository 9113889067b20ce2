"""Mail a webhook received, handled by a worker: off the web request's path.

The web request only records the raw message (``receive``) and answers the
provider at once; reading a stranger's mail, the costly and hostile part,
runs in a worker on the "mail" queue (``handle_received_mail``), under the
reading budget of postoffice.inbound.budget. The task takes the row's id,
claims it by a conditional UPDATE (a task run twice, or two workers, handle
it once), hands the bytes to the one handler, and deletes the row: the
InboundMessage the handler wrote is the lasting record. The sweep queues
again what waits too long (a task lost, a worker killed); a message claimed
MAX_ATTEMPTS times without an end is refused unread, never tried for ever.
"""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import datetime, timedelta

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from postoffice.inbound.handler import Unreadable, handle_message, record_unread
from postoffice.inbound.models import ReceivedMail
from postoffice.inbound.shape import printable

logger = logging.getLogger(__name__)
Status = ReceivedMail.Status
MAX_ATTEMPTS = 3
# A row queued or claimed this long ago without an end is queued again. Longer
# than the task's hard time limit, so a worker still at it is not doubled.
LEASE = timedelta(minutes=5)
SWEEP_BATCH = 200


def receive(raw: bytes, road: str, recipients: tuple[str, ...] = ()) -> None:
    """Record the message and queue its task once the row is committed."""
    head = raw[: settings.INBOUND_EMAIL_MAX_BYTES + 1]
    recipients = tuple(printable(address)[:254] for address in recipients)  # no NUL in JSON
    digest = hashlib.sha256(json.dumps(recipients).encode() + b"\n" + head).hexdigest()
    try:
        with transaction.atomic():
            row = ReceivedMail.objects.create(
                digest=digest, road=road[:40], recipients=list(recipients), raw=head
            )
    except IntegrityError:
        logger.info("inbound mail via %s received again: already waiting", road)
        return
    # Robust: a broker that is down costs the provider no error; the sweep queues it later.
    transaction.on_commit(lambda: handle_received_mail.delay(row.pk), robust=True)


def claim(received_id: int) -> ReceivedMail | None:
    """The row, now HANDLING and counted, if this call took it; None if another did."""
    taken = ReceivedMail.objects.filter(pk=received_id, status=Status.RECEIVED).update(
        status=Status.HANDLING, since=timezone.now(), attempts=F("attempts") + 1
    )
    return ReceivedMail.objects.filter(pk=received_id).first() if taken else None


# The reading budget (INBOUND_READ_SECONDS) ends a slow read long before
# these; they stop a task stuck anywhere else (the soft one is caught below,
# the hard one kills the process and the sweep queues the row again).
@shared_task(name="postoffice.tasks.handle_received_mail", soft_time_limit=60, time_limit=90)
def handle_received_mail(received_id: int) -> str:
    row = claim(received_id)
    if row is None:
        return "not claimed"
    raw, road = bytes(row.raw), row.road
    if row.attempts > MAX_ATTEMPTS:
        outcome = record_unread(raw, road, f"not handled in {MAX_ATTEMPTS} attempts").outcome
    else:
        outcome = handled_outcome(raw, road, tuple(row.recipients))
    row.delete()
    return outcome


def handled_outcome(raw: bytes, road: str, recipients: tuple[str, ...]) -> str:
    try:
        return handle_message(raw, road, recipients).outcome
    except Unreadable as error:  # recorded by the handler; retrying cannot help
        logger.warning("inbound mail via %s: not an email (%s)", road, error)
        return "unreadable"
    except SoftTimeLimitExceeded:
        return record_unread(raw, road, "handling it took too long").outcome


@shared_task(name="postoffice.tasks.sweep_received_mail")
def sweep_received_mail() -> int:
    """Queue again each row whose task was lost or whose worker died."""
    ids = requeue_stale(timezone.now())
    for received_id in ids:
        handle_received_mail.delay(received_id)
    return len(ids)


def requeue_stale(now: datetime) -> list[int]:
    """Rows queued or claimed more than LEASE ago, marked RECEIVED and queued now.
    A worker that claims one between the two statements keeps it: its task
    queued here finds it claimed."""
    stale = ReceivedMail.objects.filter(since__lt=now - LEASE)
    ids = list(stale.order_by("since").values_list("pk", flat=True)[:SWEEP_BATCH])
    stale.filter(pk__in=ids).update(status=Status.RECEIVED, since=now)
    return ids
