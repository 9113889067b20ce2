"""Every email to a seated player about a game carries the Reply-To of that
(game, power), and says in its text that replying works; an invitation (no
seat yet) carries none."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import actions
from games.tests.replies.conftest import seat_address
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of


def built(row: OutboxMessage):
    return build_message(draft_of(row))


@pytest.mark.parametrize("kind", ["game_start", "results", "game_end"])
def test_each_game_email_carries_the_seats_reply_address(kind, game_and_players):
    game, master, _ = game_and_players
    phase = game.phases.get(ordinal=1)
    if kind == "results":
        assert actions.claim_phase_now(phase)
        actions.adjudicate_phase(phase.pk)
    if kind == "game_end":
        actions.end_game(game, master)
    row = OutboxMessage.objects.get(game=game, kind=kind, power="ENGLAND")
    email = built(row)
    assert email.reply_to == [seat_address(game, "ENGLAND")]
    assert "Replying works" in email.body
    assert "Replying works" in email.alternatives[0][0]


def test_a_reminder_carries_it_too(game_and_players):
    from datetime import timedelta

    from games.emails.reminders import queue_due_reminders

    game, _, _ = game_and_players
    phase = game.phases.get(ordinal=1)
    queue_due_reminders(phase.deadline - timedelta(hours=1))
    email = built(OutboxMessage.objects.get(game=game, kind="reminder", power="ENGLAND"))
    assert email.reply_to == [seat_address(game, "ENGLAND")]
    assert "Replying works" in email.body
    assert [item[0] for item in email.attachments if isinstance(item, tuple)] == ["deadline.ics"]


def test_an_invitation_has_no_reply_address(db):
    master = User.objects.create_user("gm", email="gm@example.org")
    game = actions.create_game(master, name="Forming", preset="dc2005", start_year=1901)
    actions.invite(game, master, "new@example.org")
    email = built(OutboxMessage.objects.get(game=game, kind="invitation"))
    assert email.reply_to == []
    assert "Replying works" not in email.body


def test_a_replaced_players_old_email_no_longer_points_anywhere(game_and_players):
    game, master, _ = game_and_players
    row = OutboxMessage.objects.get(game=game, kind="game_start", power="ENGLAND")
    seat = game.active_seats().get(power="ENGLAND")
    actions.replace_player(game, master, seat, User.objects.create_user("heir", "heir@x.org"))
    assert built(row).reply_to == []
