"""`manage.py seed_demo`: accounts with printed passwords and one game under way."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

from django.core.management import call_command
from django.utils import timezone

from games.models import Game, Phase


def seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_it_creates_a_game_under_way(db) -> None:
    output = seed()
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert game.active_seats().count() == 7
    phase = game.phases.get(status=Phase.Status.OPEN)
    assert phase.name == "S1901M"
    assert timedelta(hours=23) < phase.deadline - timezone.now() <= timedelta(hours=24)
    assert "password" in output and f"/games/{game.pk}/" in output


def test_it_creates_the_game_once(db) -> None:
    seed()
    seed()
    assert Game.objects.count() == 1
