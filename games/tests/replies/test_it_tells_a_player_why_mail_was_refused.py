"""A real player's oversize mail (an iPhone photo of the board) is refused,
and the player is told why every time: the cap of one refusal a day is for
strangers, where a refusal could be backscatter."""

from __future__ import annotations

from django.core import mail
from django.test import override_settings

from games.tests.replies.clients import client_mail
from games.tests.replies.conftest import send
from postoffice.inbound.handler import handle_message

SENDER = "england@example.org"


def refusals_to(address: str) -> list:
    return [m for m in mail.outbox if m.to == [address]]


@override_settings(INBOUND_EMAIL_MAX_BYTES=4096)
def test_a_player_is_told_why_each_time(game, phase, england):
    send("F Lon - Nth", "mallory@example.org", "play+nothing@localhost")  # a refusal today
    send("x", SENDER, "play+nothing@localhost")  # the player's own earlier refusal
    mail.outbox = []
    raw = client_mail("iphone_oversize_photo.eml", SENDER, england)
    assert len(raw) > 4096
    assert handle_message(raw, "pipe").outcome == "refused"
    second = raw.replace(b"ROUND-TWO-0010", b"ROUND-TWO-0011")
    assert handle_message(second, "pipe").outcome == "refused"
    told = refusals_to(SENDER)
    assert len(told) == 2
    assert "Why: the message is larger than 4 KB" in told[0].body
    assert "Fogbound" not in told[0].body and "England" not in told[0].body


@override_settings(INBOUND_EMAIL_MAX_BYTES=4096)
def test_a_stranger_still_gets_one_a_day(game, england):
    raw = client_mail("iphone_oversize_photo.eml", "mallory@example.org", england)
    handle_message(raw, "pipe")
    handle_message(raw.replace(b"ROUND-TWO-0010", b"ROUND-TWO-0012"), "pipe")
    told = refusals_to("mallory@example.org")
    assert len(told) == 1
    assert "Why:" not in told[0].body
