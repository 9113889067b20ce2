"""Anymail's webhooks accept only signed requests, and only for our provider.

A forged hard bounce must change nothing: in a game where making a rival miss
orders wins, flagging their address would be an attack.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from postoffice import webhook_guard
from postoffice.models import EmailSettings, OutboxMessage
from postoffice.sending import send_outbox_message

ROOT = Path(__file__).resolve().parents[3]
POSTMARK_BOUNCE = {
    "RecordType": "Bounce",
    "Type": "HardBounce",
    "TypeCode": 1,
    "Email": "russia@example.org",
    "Description": "The server was unable to deliver your message",
    "BouncedAt": "2026-11-22T10:00:00Z",
    "MessageID": "abc-123",
}
MAILGUN_KEY = "mailgun-signing-key"


def mailgun_bounce(key: str, timestamp: str = "", token: str = "") -> dict[str, object]:
    """Signed now, with a fresh token, unless told otherwise."""
    token, timestamp = token or secrets.token_hex(25), timestamp or str(int(time.time()))
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256)
    return {
        "signature": {"token": token, "timestamp": timestamp, "signature": signature.hexdigest()},
        "event-data": {
            "event": "failed",
            "severity": "permanent",
            "timestamp": 1795000000.0,
            "id": "evt",
            "recipient": "russia@example.org",
            "reason": "bounce",
            "delivery-status": {"code": 550, "message": "mailbox unknown"},
            "message": {"headers": {"message-id": "abc-123"}},
        },
    }


def russia_flagged() -> bool:
    return EmailSettings.objects.filter(
        user__username="russia", address_status=EmailSettings.AddressStatus.BOUNCED
    ).exists()


def post(client, url: str, payload: dict[str, object], **headers: str):
    return client.post(url, data=json.dumps(payload), content_type="application/json", **headers)


def test_a_forged_postmark_bounce_changes_nothing(started_game, client, settings, mailoutbox):
    settings.EMAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    response = post(client, "/anymail/postmark/tracking/", POSTMARK_BOUNCE)
    assert response.status_code == 400
    assert not russia_flagged()
    game, _, _ = started_game
    welcome = OutboxMessage.objects.get(game=game, kind="game_start", power="RUSSIA")
    assert send_outbox_message(welcome.pk) == "sent"
    assert [m.to for m in mailoutbox] == [["russia@example.org"]]


def test_a_postmark_bounce_with_the_secret_flags_the_address(started_game, client, settings):
    settings.EMAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    auth = {"HTTP_AUTHORIZATION": "Basic aG9vazpzZWNyZXQ="}  # hook:secret
    assert post(client, "/anymail/postmark/tracking/", POSTMARK_BOUNCE, **auth).status_code == 200
    assert russia_flagged()


def test_a_forged_mailgun_signature_changes_nothing(started_game, client, settings):
    settings.EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}
    forged = mailgun_bounce("a-key-the-forger-guessed")
    assert post(client, "/anymail/mailgun/tracking/", forged).status_code == 400
    assert not russia_flagged()


def test_a_mailgun_bounce_signed_with_the_key_flags_the_address(started_game, client, settings):
    settings.EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}
    response = post(client, "/anymail/mailgun/tracking/", mailgun_bounce(MAILGUN_KEY))
    assert response.status_code == 200
    assert russia_flagged()


def test_a_provider_we_do_not_use_answers_404(started_game, client, settings):
    settings.EMAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    assert post(client, "/anymail/mailgun/tracking/", mailgun_bounce("k")).status_code == 404
    assert post(client, "/anymail/sendgrid/inbound/", {}).status_code == 404
    assert not russia_flagged()


def test_our_provider_without_its_key_answers_404_not_500(started_game, client, settings):
    settings.EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {}
    assert post(client, "/anymail/mailgun/tracking/", mailgun_bounce("k")).status_code == 404


def test_no_provider_means_no_webhooks(started_game, client, settings):
    settings.EMAIL_PROVIDER = ""
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    auth = {"HTTP_AUTHORIZATION": "Basic aG9vazpzZWNyZXQ="}
    assert post(client, "/anymail/postmark/tracking/", POSTMARK_BOUNCE, **auth).status_code == 404


def test_replies_through_another_provider_open_its_webhooks_only(client, settings) -> None:
    settings.EMAIL_PROVIDER = ""  # sending by SMTP
    settings.INBOUND_EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    auth = {"HTTP_AUTHORIZATION": "Basic aG9vazpzZWNyZXQ="}
    assert post(client, "/anymail/postmark/tracking/", POSTMARK_BOUNCE, **auth).status_code == 404
    settings.DEBUG = False
    with pytest.raises(ImproperlyConfigured, match="INBOUND_EMAIL_PROVIDER=mailgun"):
        webhook_guard.refuse_unsigned_webhooks()


PROVIDERS = sorted({webhook_guard.provider_of(p) for p in webhook_guard.locked_urlpatterns()})


@pytest.mark.parametrize("provider", PROVIDERS)
def test_start_up_refuses_every_provider_left_open(provider, settings):
    """Generic over anymail's URL patterns: with nothing configured, every
    provider's webhooks would be open or broken, and start-up says so."""
    settings.DEBUG = False
    settings.EMAIL_PROVIDER = provider
    settings.ANYMAIL = {}
    with pytest.raises(ImproperlyConfigured, match=f"EMAIL_BACKEND={provider}"):
        webhook_guard.refuse_unsigned_webhooks()


def test_start_up_names_the_missing_setting(settings):
    settings.DEBUG = False
    settings.ANYMAIL = {}
    settings.EMAIL_PROVIDER = "postmark"
    with pytest.raises(ImproperlyConfigured, match="ANYMAIL_WEBHOOK_SECRET"):
        webhook_guard.refuse_unsigned_webhooks()
    settings.EMAIL_PROVIDER = "mailgun"
    with pytest.raises(ImproperlyConfigured, match="WEBHOOK_SIGNING_KEY"):
        webhook_guard.refuse_unsigned_webhooks()


def test_start_up_accepts_signed_webhooks(settings):
    settings.DEBUG = False
    settings.EMAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    webhook_guard.refuse_unsigned_webhooks()
    settings.EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}
    webhook_guard.refuse_unsigned_webhooks()


def run_check(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ANYMAIL_")}
    clean.pop("DJANGO_SETTINGS_MODULE", None)
    clean.update(
        DEBUG="false",
        SECRET_KEY="a-test-secret-key-only-for-this-subprocess",
        FOGDIP_DATA_DIR=str(tmp_path),
        **env,
    )
    command = [sys.executable, "manage.py", "check"]
    return subprocess.run(command, cwd=ROOT, env=clean, capture_output=True, text=True)


def test_a_real_start_refuses_an_open_webhook(tmp_path):
    refused = run_check(tmp_path, EMAIL_BACKEND="postmark")
    assert refused.returncode != 0
    assert "ANYMAIL_WEBHOOK_SECRET" in refused.stderr
    started = run_check(tmp_path, EMAIL_BACKEND="postmark", ANYMAIL_WEBHOOK_SECRET="hook:secret")
    assert started.returncode == 0, started.stderr
