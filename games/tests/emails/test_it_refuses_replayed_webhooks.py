"""A signed webhook request is good once and only while fresh: one seen in a
log cannot forge a bounce later (postoffice.webhook_replay)."""

from __future__ import annotations

import time

import pytest

from games.tests.emails.test_it_locks_the_webhooks import (
    MAILGUN_KEY,
    mailgun_bounce,
    post,
    russia_flagged,
)

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
