"""Anything not from a seat's registered address, to a current reply address,
within the size limit, changes nothing and gets one polite refusal that names
no game and no power (at most one a day to one address)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail

from games import actions
from games.models import LogEntry, OrderSheet, PressMessage
from games.tests.replies.conftest import letter, send
from postoffice.inbound.handler import handle_message
from postoffice.inbound.models import InboundMessage

ORDERS = "F Lon - Nth\nPRESS TO FRANCE\nHello\nEND"


def assert_nothing_changed(game) -> None:
    assert not OrderSheet.objects.filter(phase__game=game).exists()
    assert not PressMessage.objects.filter(game=game).exists()
    assert not LogEntry.objects.filter(game=game, action="email").exists()


def assert_one_refusal_naming_nothing(address: str, game) -> None:
    refusals = [m for m in mail.outbox if m.to == [address]]
    assert len(refusals) == 1
    refusal: Any = refusals[0]
    text = f"{refusal.subject}{refusal.body}{refusal.alternatives[0][0]}"
    for secret in ("Fogbound", "England", "ENGLAND", f"/games/{game.pk}/"):
        assert secret not in text
    assert "could not accept your message" in refusals[0].body
    assert refusals[0].extra_headers["Auto-Submitted"] == "auto-replied"


def test_it_refuses_a_forged_sender(game, england):
    handled = send(ORDERS, "mallory@example.org", england)
    assert handled.outcome == "refused"
    assert_nothing_changed(game)
    assert_one_refusal_naming_nothing("mallory@example.org", game)


def test_it_refuses_another_players_address(game, england):
    assert send(ORDERS, "france@example.org", england).outcome == "refused"
    assert_nothing_changed(game)
    assert_one_refusal_naming_nothing("france@example.org", game)


def test_it_refuses_a_bad_token(game, england):
    local, domain = england.split("@")
    tampered = f"{local[:-3]}aaa@{domain}"
    assert send(ORDERS, "england@example.org", tampered).outcome == "refused"
    assert_nothing_changed(game)
    assert_one_refusal_naming_nothing("england@example.org", game)


def test_it_refuses_mail_with_no_reply_address(game):
    assert send(ORDERS, "england@example.org", "fogdip@localhost").outcome == "refused"
    assert_nothing_changed(game)


def test_it_refuses_a_replaced_players_token(game_and_players, england):
    game, master, _ = game_and_players
    seat = game.active_seats().get(power="ENGLAND")
    actions.replace_player(game, master, seat, User.objects.create_user("heir", "heir@x.org"))
    assert send(ORDERS, "england@example.org", england).outcome == "refused"
    assert_nothing_changed(game)


def test_it_refuses_an_oversized_message(game, england, settings):
    settings.INBOUND_EMAIL_MAX_BYTES = 4000
    raw = letter(ORDERS + "\n" + "x" * 5000, "england@example.org", england)
    handled = handle_message(raw, "test")
    assert handled.outcome == "refused" and "larger than" in handled.reason
    assert_nothing_changed(game)
    assert_one_refusal_naming_nothing("england@example.org", game)


def test_it_sends_one_refusal_a_day_to_one_address(game, england):
    for _ in range(3):
        assert send(ORDERS, "mallory@example.org", england).outcome == "refused"
    assert len([m for m in mail.outbox if m.to == ["mallory@example.org"]]) == 1
    assert InboundMessage.objects.filter(outcome="refused").count() == 3


@pytest.mark.parametrize(
    "headers",
    [{"Auto-Submitted": "auto-replied"}, {"Precedence": "bulk"}],
)
def test_it_never_answers_automatic_mail(game, england, headers):
    handled = send(ORDERS, "england@example.org", england, headers=headers)
    assert handled.outcome == "ignored"
    assert_nothing_changed(game)
    assert mail.outbox == []


def test_staff_read_every_message_and_why_it_was_refused(admin_client, game, england):
    send(ORDERS, "mallory@example.org", england)
    page = admin_client.get("/admin/postoffice/inboundmessage/").content.decode()
    assert "mallory@example.org" in page
    assert "the sender is not the registered address of that seat" in page
