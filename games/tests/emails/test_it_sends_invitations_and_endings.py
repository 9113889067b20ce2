"""Invitations carry the join link; the end of a game reaches every player."""

from __future__ import annotations

import pytest

from games import actions
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of
from postoffice.tasks import sweep_outbox
from tests.fixtures import confirmed_user


def body_of(message: OutboxMessage) -> str:
    return str(build_message(draft_of(message)).body)


@pytest.mark.django_db
def test_it_invites_by_email_with_the_join_link(mailoutbox):
    master = confirmed_user("gm", "gm@example.org")
    game = actions.create_game(master, name="Fogbound", preset="dc2005", start_year=1901)
    invitation = actions.invite(game, master, "friend@example.org")
    sweep_outbox()
    assert [m.to for m in mailoutbox] == [["friend@example.org"]]
    assert f"/invitations/{invitation.token}/" in mailoutbox[0].body
    assert "gm invites you" in mailoutbox[0].subject


def test_it_tells_every_player_the_game_ended(started_game, mailoutbox):
    game, master, _ = started_game
    actions.end_game(game, master, "A draw between England and Russia")
    ends = OutboxMessage.objects.filter(game=game, kind="game_end")
    assert ends.count() == 7
    body = body_of(ends.get(power="ENGLAND"))
    assert "A draw between England and Russia" in body
    assert f"/games/{game.pk}/history/" in body


def test_it_leaves_out_the_history_when_the_game_master_keeps_the_fog(started_game):
    game, master, _ = started_game
    actions.set_unfog_when_finished(game, master, False)
    actions.end_game(game, master)
    body = body_of(OutboxMessage.objects.get(game=game, kind="game_end", power="ENGLAND"))
    assert "/history/" not in body


def test_it_attaches_the_first_deadline_to_the_welcome(started_game):
    game, _, _ = started_game
    welcome = OutboxMessage.objects.get(game=game, kind="game_start", power="GERMANY")
    email = build_message(draft_of(welcome))
    files = [item for item in email.attachments if isinstance(item, tuple)]
    calendars = [item for item in files if item[0].endswith(".ics")]
    assert [item[0] for item in calendars] == ["deadline.ics"]
    first = game.phases.get(ordinal=1)
    assert f"DTSTART:{first.deadline:%Y%m%dT%H%M%SZ}" in str(calendars[0][1])
    assert f"/rules/{game.preset}/" in email.body
