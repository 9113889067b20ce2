"""anymail's inbound webhook (Mailgun here): the provider's signature is
checked before the message is recorded; a worker's task then plays it
(here the test runs the task, as the worker would)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

import pytest

from games.tests.replies.conftest import (
    ENGLISH_OPENING,
    fixture_bytes,
    handle_waiting_mail,
    sheet_of,
)
from postoffice.inbound.models import InboundMessage

SIGNING_KEY = "mailgun-test-signing-key"


@pytest.fixture(autouse=True)
def mailgun(settings):
    settings.INBOUND_EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}


def signed(timestamp: str, token: str, key: str = SIGNING_KEY) -> str:
    return hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()


def post(client, raw: bytes, recipient: str, key: str = SIGNING_KEY):
    """Post the message, then run the worker's task for what it recorded."""
    response = post_only(client, raw, recipient, key)
    handle_waiting_mail()
    return response


def post_only(client, raw: bytes, recipient: str, key: str = SIGNING_KEY):
    timestamp, token = str(int(time.time())), secrets.token_hex(25)
    form = {
        "body-mime": raw.decode("utf-8", errors="replace"),
        "recipient": recipient,
        "sender": "england@example.org",
        "timestamp": timestamp,
        "token": token,
        "signature": signed(timestamp, token, key),
    }
    return client.post("/anymail/mailgun/inbound_mime/", form)


def test_it_plays_a_message_with_a_good_signature(client, phase, england):
    raw = fixture_bytes("apple_mail.eml", "england@example.org", england)
    assert post(client, raw, england).status_code == 200
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert InboundMessage.objects.get().road == "webhook: Mailgun"


def test_it_refuses_a_forged_signature_before_reading(client, phase, england):
    raw = fixture_bytes("apple_mail.eml", "england@example.org", england)
    assert post(client, raw, england, key="not-the-key").status_code == 400
    assert sheet_of(phase, "ENGLAND") == []
    assert not InboundMessage.objects.exists()


def test_it_finds_the_reply_address_in_the_envelope(client, phase, england):
    raw = fixture_bytes("iphone_base64.eml", "england@example.org", "games@localhost")
    assert post(client, raw, england).status_code == 200
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)


def test_a_message_nested_too_deeply_is_recorded_and_answered_200(client, phase, england):
    from games.tests.replies.test_it_survives_hostile_mail import nested

    assert post(client, nested(3000), england).status_code == 200
    row = InboundMessage.objects.get()
    assert (row.outcome, row.road) == ("refused", "webhook: mailgun")
    assert "nested sections" in row.reason


def test_a_nul_in_from_subject_and_body_is_answered_200(client, phase, england):
    raw = fixture_bytes("apple_mail.eml", "england@example.org", england)
    raw = raw.replace(b"Subject: ", b"Subject: \x00", 1).replace(b"F Lon", b"F\x00 Lon", 1)
    assert post(client, raw, england).status_code == 200
    assert "\x00" not in InboundMessage.objects.get().subject
