"""The metrics endpoint, in Prometheus' text format, for the operator's scraper.

Every figure is read from the database (and the broker) when scraped, so
every web process answers the same and nothing is lost on a restart: how
late the oldest due deadline is, how many phases wait or failed, each
queue's length, the outbox's backlog and failures, and how long
adjudications and sends took over the last hour (from each row's claim and
finish times). The text format is a dozen lines of code here; the
prometheus_client library adds in-process registries that several gunicorn
processes would each hold apart.

Behind a token: METRICS_TOKEN unset, the endpoint answers 404; set, it asks
for ``Authorization: Bearer <token>`` (Prometheus' ``authorization``
setting). Alerts worth setting: docs/operations.md, "Metrics and alerts".
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any, cast

from amqp.exceptions import ChannelError  # type: ignore[attr-defined]
from celery import current_app
from django.conf import settings
from django.db.models import Count, DurationField, ExpressionWrapper, F, Max, Min, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.views.decorators.cache import never_cache

from games.mail.models import OutboxMessage
from games.models import Phase
from games.queues import queue_names

WINDOW = timedelta(hours=1)
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


def line(name: str, value: float, **labels: str) -> str:
    tags = ",".join(f'{key}="{val}"' for key, val in labels.items())
    return f"{name}{{{tags}}} {value:g}" if tags else f"{name} {value:g}"


def deadline_lag() -> Iterator[str]:
    now = timezone.now()
    oldest = Phase.objects.filter(status=Phase.Status.OPEN, deadline__lte=now).aggregate(
        oldest=Min("deadline")
    )["oldest"]
    yield "# HELP fogdip_deadline_lag_seconds How far past its deadline the oldest due phase is."
    yield "# TYPE fogdip_deadline_lag_seconds gauge"
    yield line("fogdip_deadline_lag_seconds", (now - oldest).total_seconds() if oldest else 0)


def phases_by_status() -> Iterator[str]:
    counts = dict(Phase.objects.values_list("status").annotate(n=Count("id")).order_by())
    yield "# HELP fogdip_phases Phases adjudicating, or failed and waiting for the game master."
    yield "# TYPE fogdip_phases gauge"
    for status in (Phase.Status.ADJUDICATING, Phase.Status.FAILED):
        yield line("fogdip_phases", counts.get(status, 0), status=status)


def outbox() -> Iterator[str]:
    rows = OutboxMessage.objects.exclude(status=OutboxMessage.Status.SENT)
    counts = dict(rows.values_list("status").annotate(n=Count("id")).order_by())
    yield "# HELP fogdip_outbox_messages Outbox rows not sent, by status."
    yield "# TYPE fogdip_outbox_messages gauge"
    for status in OutboxMessage.Status.values:
        if status != OutboxMessage.Status.SENT:
            yield line("fogdip_outbox_messages", counts.get(status, 0), status=status)
    pending = rows.filter(status=OutboxMessage.Status.PENDING, next_attempt__lte=timezone.now())
    oldest = pending.aggregate(oldest=Min("next_attempt"))["oldest"]
    age = (timezone.now() - oldest).total_seconds() if oldest else 0
    yield "# HELP fogdip_outbox_oldest_due_seconds How long the oldest due unsent email has waited."
    yield "# TYPE fogdip_outbox_oldest_due_seconds gauge"
    yield line("fogdip_outbox_oldest_due_seconds", age)


def durations(name: str, what: str, rows: object, start: str, end: str) -> Iterator[str]:
    took = ExpressionWrapper(F(end) - F(start), output_field=DurationField())
    since = timezone.now() - WINDOW
    done = rows.filter(**{f"{end}__gte": since, f"{start}__isnull": False})  # type: ignore[attr-defined]
    summary = done.annotate(took=took).aggregate(n=Count("id"), total=Sum("took"), most=Max("took"))
    yield f"# HELP {name} {what} over the last hour, from each row's claim to its end."
    yield f"# TYPE {name} summary"
    yield line(f"{name}_count", summary["n"] or 0)
    yield line(f"{name}_sum", (summary["total"] or timedelta()).total_seconds())
    yield line(f"{name}_max", (summary["most"] or timedelta()).total_seconds())


def queue_lengths() -> Iterator[str]:
    yield "# HELP fogdip_queue_length Tasks waiting in each Celery queue."
    yield "# TYPE fogdip_queue_length gauge"
    with current_app.connection_for_read() as conn:
        channel = cast(Any, conn).default_channel
        for name in queue_names(settings.FOGDIP_QUEUE_PREFIX):
            yield line("fogdip_queue_length", waiting(channel, name), queue=name)


def waiting(channel: Any, name: str) -> int:
    try:
        return int(channel.queue_declare(queue=name, passive=True).message_count)
    except ChannelError:  # never declared yet (no task sent, no worker started): empty
        return 0


def exposition() -> str:
    parts = [
        *deadline_lag(),
        *phases_by_status(),
        *outbox(),
        *durations(
            "fogdip_adjudication_seconds", "Adjudications", Phase.objects, "claimed", "adjudicated"
        ),
        *durations("fogdip_send_seconds", "Sends", OutboxMessage.objects, "claimed", "sent"),
        *queue_lengths(),
    ]
    return "\n".join(parts) + "\n"


def allowed(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    return bool(token) and constant_time_compare(given, token)


@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    if not settings.METRICS_TOKEN:
        raise Http404("No metrics here")
    if not allowed(request):
        return HttpResponse("A bearer token is needed.\n", status=401, content_type=CONTENT_TYPE)
    return HttpResponse(exposition(), content_type=CONTENT_TYPE)
