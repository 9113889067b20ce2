"""A side-turn past its deadline is processed by the sweep: the side's tokens hold."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from battles.models import Battle, BattleTurn
from battles.tasks import sweep_turns
from battles.tests.web.conftest import Cast, infantry, post, set_up


def test_the_sweep_processes_a_late_turn_once(cast: Cast) -> None:
    battle = set_up(cast, tokens=[infantry("R1", "Red", "c3"), infantry("B1", "Blue", "f3")])
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    late = battle.open_turn()
    assert late is not None
    BattleTurn.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    sweep_turns()
    sweep_turns()
    late.refresh_from_db()
    assert late.status == BattleTurn.Status.DONE and late.results == []
    assert battle.turns.count() == 2  # the next side's turn, opened once
    assert Battle.objects.get().status == Battle.Status.ACTIVE
