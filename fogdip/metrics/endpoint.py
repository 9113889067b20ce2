"""/metrics/: the gauges and timings in Prometheus's text format.

Only a scraper holding METRICS_TOKEN (``Authorization: Bearer <token>``) is
answered; without the setting the page does not exist (404), and a request
without the token, whoever is signed in, gets 401.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector

from common import timings
from fogdip.metrics import gauges


@never_cache
@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    token = settings.METRICS_TOKEN
    if not token:
        raise Http404("metrics are off: METRICS_TOKEN is not set")
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), token.encode()):
        answer = HttpResponse("a bearer token is needed\n", status=401, content_type="text/plain")
        answer["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return answer
    registry = CollectorRegistry(auto_describe=False)
    registry.register(SiteCollector())
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)


class SiteCollector(Collector):
    def collect(self) -> Iterator[Metric]:
        yield from gauge_families(gauges.read())
        yield from histogram_families(timings.read())


def gauge(name: str, help_text: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, help_text, value=value)


def gauge_families(now: gauges.Gauges) -> Iterator[Metric]:
    yield gauge(
        "fogdip_deadline_lag_seconds",
        "How far past its deadline the oldest phase due and not yet adjudicated is.",
        now.deadline_lag,
    )
    yield gauge(
        "fogdip_phases_due", "Phases past their deadline, not yet adjudicated.", now.phases_due
    )
    yield gauge(
        "fogdip_phases_failed",
        "Phases whose adjudication failed, waiting for a retry.",
        now.phases_failed,
    )
    yield gauge(
        "fogdip_outbox_due", "Outbox messages due to be sent and not yet sent.", now.outbox_due
    )
    yield gauge(
        "fogdip_outbox_oldest_due_seconds",
        "How long the oldest outbox message due to be sent has waited.",
        now.outbox_oldest_due,
    )
    yield gauge(
        "fogdip_outbox_failed",
        "Outbox messages given up on after their last attempt.",
        now.outbox_failed,
    )
    yield gauge(
        "fogdip_broker_up",
        "Whether the Celery broker answered.",
        float(now.queue_lengths is not None),
    )
    queued = GaugeMetricFamily(
        "fogdip_queue_length", "Tasks waiting in each Celery queue.", labels=["queue"]
    )
    for queue, length in (now.queue_lengths or {}).items():
        queued.add_metric([queue], length)
    yield queued


def histogram_families(readings: list[timings.Reading]) -> Iterator[Metric]:
    for reading in readings:
        yield HistogramMetricFamily(
            reading.histogram.name,
            reading.histogram.help,
            buckets=reading.cumulative,
            sum_value=reading.total_seconds,
        )
