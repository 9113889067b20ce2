"""`manage.py seed_demo` includes a small battle under way, and seeding again leaves it."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from battles.models import Battle, BattleTurn


def test_it_seeds_a_battle_under_way_once(db: None) -> None:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    call_command("seed_demo", stdout=StringIO())
    battle = Battle.objects.get()
    assert battle.status == Battle.Status.ACTIVE
    assert battle.turns.filter(status=BattleTurn.Status.DONE).count() == 1
    assert battle.open_turn() is not None
    assert f"/battles/{battle.pk}/" in out.getvalue()
