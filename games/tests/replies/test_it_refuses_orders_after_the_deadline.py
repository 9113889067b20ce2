"""Orders after the deadline are refused with the reason, and nothing changes."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Phase
from games.tests.replies.conftest import answers_to, send, sheet_of


def test_it_refuses_orders_once_the_deadline_has_passed(game, phase, england):
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    send("F Lon - Nth\nREADY", "england@example.org", england)
    assert sheet_of(phase, "ENGLAND") == []
    body = answers_to("england@example.org")[0].body
    assert (
        "> F Lon - Nth\n   NOT DONE: This phase is closed; orders can no longer be changed." in body
    )
    assert "> READY\n   NOT DONE: This phase is closed" in body


def test_it_refuses_orders_while_the_game_is_paused(game_and_players, phase, england):
    game, master, _ = game_and_players
    from games import actions

    actions.pause_game(game, master)
    send("F Lon - Nth", "england@example.org", england)
    body = answers_to("england@example.org")[0].body
    assert "NOT DONE: The game is not running, so orders cannot be changed now." in body
    assert sheet_of(phase, "ENGLAND") == []
