"""A signed webhook request is good once and only while fresh: one seen in a
log cannot forge a bounce later (postoffice.webhook_replay). Mailgun signs
timestamp + token as one string: the once-key is the signature, and the
timestamp must be all digits (issue 39: moving a leading "e0" of the token
into the timestamp, or a "nan" timestamp, got a replay through)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

import pytest
from django.test import RequestFactory

from games.tests.emails.test_it_locks_the_webhooks import (
    MAILGUN_KEY,
    mailgun_bounce,
    post,
    russia_flagged,
)
from postoffice.webhook_replay import why_replayed

URL = "/anymail/mailgun/tracking/"


@pytest.fixture(autouse=True)
def mailgun(settings) -> None:
    settings.EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}


def test_a_signature_from_2023_is_refused(started_game, client) -> None:
    old = mailgun_bounce(MAILGUN_KEY, timestamp="1690000000")
    response = post(client, URL, old)
    assert response.status_code == 400
    assert "timestamp" in response.content.decode()
    assert not russia_flagged()


def test_a_signature_a_few_minutes_old_still_passes(started_game, client) -> None:
    recent = mailgun_bounce(MAILGUN_KEY, timestamp=str(int(time.time()) - 120))
    assert post(client, URL, recent).status_code == 200
    assert russia_flagged()


def test_one_from_the_future_is_refused_too(started_game, client) -> None:
    ahead = mailgun_bounce(MAILGUN_KEY, timestamp=str(int(time.time()) + 3600))
    assert post(client, URL, ahead).status_code == 400


def test_a_signature_token_is_accepted_once(started_game, client) -> None:
    signed = mailgun_bounce(MAILGUN_KEY)
    assert post(client, URL, signed).status_code == 200
    replay = post(client, URL, signed)
    assert replay.status_code == 400
    assert "used before" in replay.content.decode()


def test_a_forged_request_does_not_spend_the_token(started_game, client) -> None:
    token = "f" * 50
    assert post(client, URL, mailgun_bounce("not-the-key", token=token)).status_code == 400
    assert post(client, URL, mailgun_bounce(MAILGUN_KEY, token=token)).status_code == 200


def moved(signed: dict, shift: str) -> dict:
    """The same signed request with ``shift`` taken off the token's front and
    put at the timestamp's end: timestamp + token, and so the signature, unchanged."""
    block = dict(signed["signature"])
    assert block["token"].startswith(shift)
    block["timestamp"] += shift
    block["token"] = block["token"][len(shift) :]
    return {**signed, "signature": block}


def test_moving_e0_from_the_token_into_the_timestamp_is_no_new_request(
    started_game, client
) -> None:
    signed = mailgun_bounce(MAILGUN_KEY, token="e0" + secrets.token_hex(24))
    assert post(client, URL, signed).status_code == 200
    replay = post(client, URL, moved(signed, "e0"))
    assert replay.status_code == 400


@pytest.mark.parametrize("timestamp", ["nan", "1e9", "inf", "-1", "17e8", " 1700000000"])
def test_a_timestamp_that_is_not_all_digits_is_refused(started_game, client, timestamp) -> None:
    response = post(client, URL, mailgun_bounce(MAILGUN_KEY, timestamp=timestamp))
    assert response.status_code == 400
    assert "whole number of seconds" in response.content.decode()
    assert not russia_flagged()


def inbound_form(timestamp: str, token: str) -> dict[str, str]:
    signature = hmac.new(MAILGUN_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256)
    return {"timestamp": timestamp, "token": token, "signature": signature.hexdigest()}


def test_the_once_key_is_the_signature_not_the_token(db) -> None:
    """Two requests with one signature and different tokens: the second is a replay."""
    now = str(int(time.time()))
    first = inbound_form(now, "a" * 50)
    second = {**first, "token": "b" * 50}
    factory = RequestFactory()
    assert why_replayed("mailgun", factory.post("/", first)) == ""
    assert why_replayed("mailgun", factory.post("/", second)) == "its signature was used before"
