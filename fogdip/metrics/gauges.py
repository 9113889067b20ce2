"""The state of the site now, read for each scrape: four indexed queries and
one call to the broker, however many games there are."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from celery import current_app
from django.conf import settings
from django.db.models import Count, Min
from django.utils import timezone

from fogdip.queues import queue_names
from games.models import Game, Phase
from postoffice.models import OutboxMessage

logger = logging.getLogger(__name__)
BROKER_TIMEOUT_SECONDS = 3
UNFINISHED = (Phase.Status.OPEN, Phase.Status.ADJUDICATING)


@dataclass(frozen=True)
class Gauges:
    deadline_lag: float  # seconds the oldest phase due and not yet done is past its deadline
    phases_due: int
    phases_failed: int
    outbox_due: int
    outbox_oldest_due: float  # seconds the oldest due message has waited
    outbox_failed: int
    queue_lengths: dict[str, int] | None  # None: the broker did not answer


def read(now: datetime | None = None) -> Gauges:
    now = now or timezone.now()
    due = Phase.objects.filter(
        status__in=UNFINISHED, deadline__lte=now, game__status=Game.Status.ACTIVE
    ).aggregate(n=Count("id"), oldest=Min("deadline"))
    mail = OutboxMessage.objects.filter(
        status=OutboxMessage.Status.PENDING, next_attempt__lte=now
    ).aggregate(n=Count("id"), oldest=Min("next_attempt"))
    return Gauges(
        deadline_lag=seconds_since(due["oldest"], now),
        phases_due=due["n"],
        phases_failed=Phase.objects.filter(status=Phase.Status.FAILED).count(),
        outbox_due=mail["n"],
        outbox_oldest_due=seconds_since(mail["oldest"], now),
        outbox_failed=OutboxMessage.objects.filter(status=OutboxMessage.Status.FAILED).count(),
        queue_lengths=queue_lengths(),
    )


def seconds_since(moment: datetime | None, now: datetime) -> float:
    return max(0.0, (now - moment).total_seconds()) if moment else 0.0


def queue_lengths() -> dict[str, int] | None:
    try:
        return count_queued()
    except Exception:  # reported as fogdip_broker_up 0; the rest of the scrape still answers
        logger.exception("metrics: the broker did not answer")
        return None


def count_queued() -> dict[str, int]:
    """Messages waiting in each queue (fogdip.queues), by the queue's own name;
    Redis and the filesystem broker both count them without taking any."""
    prefix = settings.FOGDIP_QUEUE_PREFIX
    with current_app.connection_for_read() as connection:
        connection.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
        # (kombu's type stubs know neither default_channel nor queue_declare)
        channel = cast(Any, connection).default_channel
        return {
            name.removeprefix(prefix): channel.queue_declare(queue=name).message_count
            for name in queue_names(prefix)
        }
