"""/metrics/: Prometheus's text format, to METRICS_TOKEN only; deadline lag,
queue lengths, the outbox's backlog and failures, and how long adjudications
and sends take, from a few queries, with nothing per game or per player."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any, cast

import pytest
from celery import current_app
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from common import timings
from fogdip.metrics import gauges
from games.models import Game, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, client_for, open_phase, pass_deadline
from postoffice.models import OutboxMessage

TOKEN = "test-metrics-token"  # tests/settings.py


def scrape(token: str = TOKEN, client: Client | None = None):
    client = client or Client()
    return client.get(reverse("metrics"), HTTP_AUTHORIZATION=f"Bearer {token}")


def samples() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    answer = scrape()
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain; version=")
    found = {}
    for family in text_string_to_metric_families(answer.content.decode()):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(name: str, **labels: str) -> float:
    return samples()[(name, tuple(sorted(labels.items())))]


def test_it_does_not_exist_without_a_token_set(db, settings) -> None:
    settings.METRICS_TOKEN = ""
    assert scrape("").status_code == 404


def test_no_session_opens_it_and_a_wrong_token_does_not(people: Personas) -> None:
    people.gm.is_staff = people.gm.is_superuser = True
    people.gm.save()
    staff = client_for(people.gm)
    assert staff.get(reverse("metrics")).status_code == 401
    assert scrape("not-the-token", client=staff).status_code == 401
    assert scrape(TOKEN[:-1]).status_code == 401
    assert scrape().status_code == 200


def test_it_reports_how_late_the_oldest_due_phase_is(game: Game) -> None:
    assert value("fogdip_deadline_lag_seconds") == 0
    assert value("fogdip_phases_due") == 0
    due = timezone.now() - timedelta(seconds=120)
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=due)
    assert 120 <= value("fogdip_deadline_lag_seconds") < 180
    assert value("fogdip_phases_due") == 1


def test_it_leaves_out_paused_games(game: Game) -> None:
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=timezone.now())
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED)
    assert value("fogdip_phases_due") == 0


def test_it_reports_failed_phases(game: Game) -> None:
    Phase.objects.filter(pk=open_phase(game).pk).update(status=Phase.Status.FAILED)
    assert value("fogdip_phases_failed") == 1


def test_it_reports_the_outbox_backlog_and_failures(game: Game) -> None:
    rows = list(OutboxMessage.objects.filter(game=game).order_by("pk"))
    assert len(rows) >= 3
    OutboxMessage.objects.update(status=OutboxMessage.Status.SENT)
    waited = timezone.now() - timedelta(minutes=10)
    OutboxMessage.objects.filter(pk__in=[rows[0].pk, rows[1].pk]).update(
        status=OutboxMessage.Status.PENDING, next_attempt=waited
    )
    OutboxMessage.objects.filter(pk=rows[2].pk).update(status=OutboxMessage.Status.FAILED)
    assert value("fogdip_outbox_due") == 2
    assert 600 <= value("fogdip_outbox_oldest_due_seconds") < 660
    assert value("fogdip_outbox_failed") == 1


def test_it_times_adjudications_and_sends(game: Game, django_capture_on_commit_callbacks) -> None:
    before = samples()
    sent_before = OutboxMessage.objects.filter(status=OutboxMessage.Status.SENT).count()
    pass_deadline(open_phase(game))
    with django_capture_on_commit_callbacks(execute=True):
        sweep_deadlines()  # adjudicates and sends in this process (eager Celery)
    after = samples()
    sent = OutboxMessage.objects.filter(status=OutboxMessage.Status.SENT).count() - sent_before
    assert sent > 0

    def grew(name: str) -> float:
        return after[(name, ())] - before.get((name, ()), 0)

    assert grew("fogdip_adjudication_seconds_count") == 1
    assert grew("fogdip_adjudication_seconds_sum") > 0
    assert grew("fogdip_email_send_seconds_count") == sent
    assert grew("fogdip_email_send_seconds_sum") > 0


def test_it_keeps_histograms_cumulative(db) -> None:
    timings.add(timings.ADJUDICATION, [0.07, 0.07, 3.0, 100.0])
    assert value("fogdip_adjudication_seconds_bucket", le="0.05") == 0
    assert value("fogdip_adjudication_seconds_bucket", le="0.1") == 2
    assert value("fogdip_adjudication_seconds_bucket", le="5.0") == 3
    assert value("fogdip_adjudication_seconds_bucket", le="+Inf") == 4
    assert value("fogdip_adjudication_seconds_count") == 4
    assert value("fogdip_adjudication_seconds_sum") == pytest.approx(103.14)


@pytest.mark.filterwarnings("ignore::celery.exceptions.AlwaysEagerIgnored")
def test_it_counts_the_tasks_waiting_in_each_queue(db, settings) -> None:
    settings.FOGDIP_QUEUE_PREFIX = prefix = f"metrics-{uuid.uuid4().hex[:8]}-"
    for _ in range(2):
        current_app.send_task("postoffice.tasks.sweep_outbox", queue=f"{prefix}mail")
    current_app.send_task("games.tasks.sweep_deadlines", queue=f"{prefix}adjudication")
    try:
        assert value("fogdip_queue_length", queue="mail") == 2
        assert value("fogdip_queue_length", queue="adjudication") == 1
        assert value("fogdip_queue_length", queue="pictures") == 0
        assert value("fogdip_broker_up") == 1
    finally:
        with current_app.connection_for_write() as connection:
            for queue in ("mail", "adjudication"):
                cast(Any, connection).default_channel.queue_purge(f"{prefix}{queue}")


def test_it_still_answers_when_the_broker_does_not(db, monkeypatch) -> None:
    def refuse() -> dict[str, int]:
        raise ConnectionError("broker down")

    monkeypatch.setattr(gauges, "count_queued", refuse)
    assert value("fogdip_broker_up") == 0
    assert value("fogdip_outbox_due") == 0


def test_a_scrape_costs_four_queries_however_many_games(
    game: Game, people: Personas, django_assert_num_queries
) -> None:
    with django_assert_num_queries(4):
        scrape()


def test_nothing_in_it_names_a_game_or_a_player(
    game: Game, people: Personas, django_capture_on_commit_callbacks
) -> None:
    pass_deadline(open_phase(game))
    with django_capture_on_commit_callbacks(execute=True):
        sweep_deadlines()
    body = scrape().content.decode()
    labels = {name for key in samples() for name, _ in key[1]}
    assert labels <= {"queue", "le"}
    for word in (game.name, "france", "germany", "FRANCE", "GERMANY", "gm"):
        assert word not in body
