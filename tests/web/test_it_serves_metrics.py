"""/metrics: Prometheus' text format behind a bearer token, with the figures an
operator alerts on, read from the database and the broker when scraped."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.mail.models import OutboxMessage
from games.models import Phase
from tests.web.conftest import Personas, open_phase

TOKEN = "scrape-me"


@pytest.fixture(autouse=True)
def token(settings) -> None:
    settings.METRICS_TOKEN = TOKEN


def scrape(client) -> dict[str, float]:
    response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=0.0.4")
    lines = response.content.decode().splitlines()
    samples = [line.rsplit(" ", 1) for line in lines if line and not line.startswith("#")]
    return {name: float(value) for name, value in samples}


def test_it_answers_404_without_a_token_set(client, db, settings) -> None:
    settings.METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 404


def test_it_asks_for_the_token(client, db) -> None:
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401


def test_it_reports_deadline_lag_and_failed_phases(client, people: Personas, game) -> None:
    phase = open_phase(game)
    assert scrape(client)["fogdip_deadline_lag_seconds"] == 0
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(minutes=5))
    assert 299 <= scrape(client)["fogdip_deadline_lag_seconds"] < 330
    Phase.objects.filter(pk=phase.pk).update(status=Phase.Status.FAILED)
    assert scrape(client)['fogdip_phases{status="failed"}'] == 1


def test_it_reports_the_outbox_backlog_and_failures(client, people: Personas, game) -> None:
    rows = OutboxMessage.objects.filter(game=game)
    rows.update(
        status=OutboxMessage.Status.PENDING, next_attempt=timezone.now() - timedelta(hours=1)
    )
    first = rows.first()
    assert first is not None
    OutboxMessage.objects.filter(pk=first.pk).update(status=OutboxMessage.Status.FAILED)
    figures = scrape(client)
    assert figures['fogdip_outbox_messages{status="pending"}'] == rows.count() - 1
    assert figures['fogdip_outbox_messages{status="failed"}'] == 1
    assert figures["fogdip_outbox_oldest_due_seconds"] >= 3600


def test_it_reports_adjudication_and_send_durations(client, people: Personas, game) -> None:
    now = timezone.now()
    phase = open_phase(game)
    Phase.objects.filter(pk=phase.pk).update(claimed=now - timedelta(seconds=3), adjudicated=now)
    message = OutboxMessage.objects.filter(game=game).first()
    assert message is not None
    OutboxMessage.objects.filter(pk=message.pk).update(
        status=OutboxMessage.Status.SENT, claimed=now - timedelta(seconds=2), sent=now
    )
    figures = scrape(client)
    assert figures["fogdip_adjudication_seconds_count"] == 1
    assert figures["fogdip_adjudication_seconds_sum"] == pytest.approx(3)
    assert figures["fogdip_send_seconds_max"] == pytest.approx(2)


def test_it_reports_every_queues_length(client, db, settings) -> None:
    figures = scrape(client)
    prefix = settings.FOGDIP_QUEUE_PREFIX
    for queue in ("adjudication", "mail", "pictures"):
        assert f'fogdip_queue_length{{queue="{prefix}{queue}"}}' in figures
