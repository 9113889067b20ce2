"""The deadline burst, small: twenty games due in the same instant, run by real
`celery beat` and a two-process `celery worker` (bench/burst, as
bench/deadline_burst.py runs a thousand). Beat sweeps every second, so rows
are queued again while their first task is still waiting: a correctness
check, not a timing. Every game adjudicated once, every results email
written once, by Message-ID, in the files the email backend wrote."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings

from bench.burst.processes import Burst
from bench.burst.seed import make_due, seed_games
from bench.burst.watch import Kept, kept, wait_for_results
from fogdip.celery import app
from fogdip.queues import queue_names
from games.models import Phase
from tests.faults.harness import database_url

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]
GAMES = 20


@pytest.fixture
def burst(require_postgres, require_redis, tmp_path):
    prefix = f"burst-{uuid.uuid4().hex[:12]}-"
    burst = Burst(tmp_path, database_url(), settings.CELERY_BROKER_URL, 2, 1, prefix, 1)
    yield burst
    burst.stop()
    with app.connection_for_write() as conn:
        for queue in [*queue_names(prefix), f"{prefix}default"]:
            conn.default_channel.queue_purge(queue)


@pytest.mark.django_db(transaction=True)
def test_it_adjudicates_each_game_once_and_sends_each_email_once(burst: Burst) -> None:
    game_ids = seed_games(GAMES)
    burst.start()
    burst.wait_until_ready()
    make_due(game_ids)
    assert wait_for_results(game_ids, 7 * GAMES, timeout=300) == 7 * GAMES
    burst.stop()
    assert kept(game_ids, burst.mail, "S1901M") == Kept(
        games=GAMES,
        adjudicated_once=GAMES,
        adjudicated_twice=0,
        rows=7 * GAMES,
        rows_sent=7 * GAMES,
        messages_written=7 * GAMES,
        written_twice=0,
        rows_never_written=0,
    )
    next_phases = Phase.objects.filter(game_id__in=game_ids, status=Phase.Status.OPEN)
    assert next_phases.count() == GAMES
