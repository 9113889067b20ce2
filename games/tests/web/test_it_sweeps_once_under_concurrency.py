"""Two sweeps at the same moment against PostgreSQL adjudicate a phase once."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from games import actions
from games.models import KnowledgeRecord, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import forming_game, open_phase, pass_deadline, start

pytestmark = pytest.mark.postgres


@pytest.mark.django_db(transaction=True)
def test_it_adjudicates_once_when_two_sweeps_race(require_postgres, people) -> None:
    game = forming_game(people)
    start(game, people)
    phase = open_phase(game)
    actions.submit_orders(phase, people.player, "FRANCE", ["A Par - Bur"])
    pass_deadline(phase)
    claimed = run_together(sweep_deadlines, sweep_deadlines)
    assert sorted(claimed, key=lambda ids: len(str(ids))) == [[], [phase.pk]]
    assert Phase.objects.filter(game=game, status=Phase.Status.OPEN).count() == 1
    assert Phase.objects.filter(game=game, name="S1901M").count() == 1
    assert KnowledgeRecord.objects.filter(game=game, ordinal=phase.ordinal).count() == 9


def run_together(*functions: Callable[[], object]) -> list[object]:
    barrier = threading.Barrier(len(functions))
    results: list[object] = []
    errors: list[Exception] = []

    def run(function: Callable[[], object]) -> None:
        try:
            barrier.wait()
            results.append(function())
        except Exception as error:  # reported below, so the test fails with it
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(f,)) for f in functions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return results
