"""A rollback and a sweep at the same moment against PostgreSQL: whichever
locks the phases first wins, and no phase is adjudicated twice."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from games import actions
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.models import Game, KnowledgeRecord, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start
from games.tests.web.test_it_sweeps_once_under_concurrency import run_together

pytestmark = pytest.mark.postgres


def roll_back_or_refusal(game: Game, people: Personas) -> Callable[[], str]:
    def attempt() -> str:
        deadline = timezone.now() + timedelta(days=1)
        try:
            return actions.roll_back(game, people.gm, deadline).name
        except actions.ActionError as error:
            return str(error)

    return attempt


@pytest.mark.django_db(transaction=True)
def test_a_rollback_racing_a_sweep_adjudicates_nothing_twice(
    require_postgres: None, people: Personas
) -> None:
    game = forming_game(people)
    start(game, people)
    spring = open_phase(game)
    assert claim_phase_now(spring)
    adjudicate_phase(spring.pk)
    pass_deadline(open_phase(game))
    results = run_together(roll_back_or_refusal(game, people), sweep_deadlines)
    rolled = next(result for result in results if isinstance(result, str))
    names = list(game.phases.order_by("ordinal").values_list("name", flat=True))
    for ordinal in range(len(names) + 1):
        assert KnowledgeRecord.objects.filter(game=game, ordinal=ordinal).count() <= 9
    if rolled == "S1901M":  # the rollback locked first: the sweep found nothing due
        assert names == ["S1901M"] and open_phase(game).pk == spring.pk
    elif rolled == "F1901M":  # the sweep adjudicated fall first; the rollback undid it
        assert names[-1] == "F1901M" and open_phase(game).name == "F1901M"
    else:  # the sweep had fall claimed: the rollback was refused, fall went on
        assert "being adjudicated" in rolled
        assert Phase.objects.get(game=game, name="F1901M").status == Phase.Status.DONE
