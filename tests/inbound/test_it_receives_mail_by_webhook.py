"""anymail's inbound webhook (Mailgun here): the provider's signature is
checked before the message reaches the handler, which then plays it."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from games.inbound.models import InboundMessage
from tests.inbound.conftest import ENGLISH_OPENING, fixture_bytes, sheet_of

SIGNING_KEY = "mailgun-test-signing-key"


@pytest.fixture(autouse=True)
def mailgun(settings):
    settings.INBOUND_EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}


def signed(timestamp: str, token: str, key: str = SIGNING_KEY) -> str:
    return hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()


def post(client, raw: bytes, recipient: str, key: str = SIGNING_KEY):
    timestamp, token = "1795000000", "a1b2c3d4e5f6a7b8c9d0"
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
