"""RFC 8058 one-click unsubscribe: it maps to the player's email settings
(no reminders, no press email), never to leaving the game."""

from __future__ import annotations

import re

from django.test import Client

from games import actions
from games.models import Seat
from postoffice.models import EmailSettings, OutboxMessage
from postoffice.sending import send_outbox_message
from postoffice.tasks import sweep_outbox


def sent_welcome(game, power: str, mailoutbox):
    message = OutboxMessage.objects.get(game=game, kind="game_start", power=power)
    assert send_outbox_message(message.pk) == "sent"
    return mailoutbox[-1]


def unsubscribe_path(mail) -> str:
    found = re.fullmatch(
        r"<https?://[^/]+(/settings/email/unsubscribe/\S+/)>",
        mail.extra_headers["List-Unsubscribe"],
    )
    assert found is not None
    return found.group(1)


def one_click(path: str):
    """What a mail client's button sends: a bare POST, no session, no CSRF token."""
    client = Client(enforce_csrf_checks=True)
    body = "List-Unsubscribe=One-Click"
    return client.post(path, body, content_type="application/x-www-form-urlencoded")


def test_game_email_carries_the_one_click_headers(started_game, mailoutbox):
    game, _, _ = started_game
    mail = sent_welcome(game, "FRANCE", mailoutbox)
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe_path(mail)
    headers = mail.message()
    assert headers["List-Unsubscribe"].startswith("<http")
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_one_click_turns_off_optional_mail_and_keeps_the_seat(started_game, mailoutbox):
    game, _, players = started_game
    path = unsubscribe_path(sent_welcome(game, "FRANCE", mailoutbox))
    assert one_click(path).status_code == 200
    settings = EmailSettings.objects.get(user=players["FRANCE"])
    assert not settings.reminders and not settings.press
    assert settings.can_receive  # results still go
    assert game.seats.get(power="FRANCE").status == Seat.Status.ACTIVE
    assert game.seats.get(power="FRANCE").user == players["FRANCE"]


def test_opening_the_link_changes_nothing(started_game, mailoutbox):
    game, _, players = started_game
    page = Client().get(unsubscribe_path(sent_welcome(game, "FRANCE", mailoutbox)))
    assert "Stop reminders and press email" in page.content.decode()
    settings = EmailSettings.objects.get(user=players["FRANCE"])
    assert settings.reminders and settings.press


def test_a_forged_link_changes_nothing(started_game):
    answer = one_click("/settings/email/unsubscribe/Mg:forged:signature/")
    assert answer.status_code == 400
    assert "not one we sent" in answer.content.decode()
    assert EmailSettings.objects.filter(reminders=False).count() == 0


def test_invitations_carry_no_unsubscribe_link(started_game, mailoutbox):
    _, master, _ = started_game
    forming = actions.create_game(master, name="Another", preset="dc2005", start_year=1901)
    actions.invite(forming, master, "friend@example.org")
    sweep_outbox()
    invitation = next(m for m in mailoutbox if m.to == ["friend@example.org"])
    assert "List-Unsubscribe" not in invitation.extra_headers
