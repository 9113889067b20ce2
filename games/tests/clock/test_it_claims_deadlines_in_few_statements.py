"""The sweep claims a due phase of a game that gives no grace with one
statement of its own: only phases that could still get grace are locked and
looked at further (games.actions.processing.GRACE_LEFT)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import actions
from games.models import Game, Phase
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start


def due_games(people: Personas, count: int, **clock: int) -> list[Phase]:
    phases = []
    for number in range(count):
        game = forming_game(people, name=f"Game {number}")
        start(game, people)
        Game.objects.filter(pk=game.pk).update(**clock)
        phases.append(open_phase(game))
        pass_deadline(phases[-1])
    return phases


def claiming() -> tuple[list[int], int]:
    with CaptureQueriesContext(connection) as queries:
        claimed = actions.claim_due_phases()
    return claimed, len(queries.captured_queries)


def test_phases_without_grace_cost_one_statement_each(people: Personas) -> None:
    phases = due_games(people, 3, grace_minutes=0)
    claimed, statements = claiming()
    assert sorted(claimed) == sorted(phase.pk for phase in phases)
    assert statements == 1 + len(phases)  # the list, then one claim each


def test_phases_with_grace_left_are_looked_at_under_the_lock(people: Personas) -> None:
    phases = due_games(people, 2, grace_minutes=60, grace_extensions=1)
    claimed, statements = claiming()
    assert claimed == []  # nobody ordered: each gets its grace
    assert all(Phase.objects.get(pk=phase.pk).extensions == 1 for phase in phases)
    assert statements > 1 + 2 * len(phases)
