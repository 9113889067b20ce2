"""Issue 39: unsigned, deeply nested JSON posted to the provider's tracking
webhook answered 500 and logged an ERROR with a traceback each time. What
the provider's checks or parsers trip on is now answered 400, with a
warning and no traceback; nothing is flagged."""

from __future__ import annotations

import json
import logging

import pytest

from games.tests.emails.test_it_locks_the_webhooks import (
    MAILGUN_KEY,
    mailgun_bounce,
    russia_flagged,
)

MAILGUN = "/anymail/mailgun/tracking/"
POSTMARK = "/anymail/postmark/tracking/"
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def mailgun(settings) -> None:
    settings.EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}


def post_json(client, url: str, body: str, **headers: str):
    return client.post(url, data=body, content_type="application/json", **headers)


def assert_refused_quietly(response, caplog) -> None:
    assert response.status_code == 400
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not russia_flagged()


@pytest.mark.parametrize(
    "body",
    [
        DEEP,
        json.dumps({"signature": DEEP}).replace('"[', "[").replace(']"', "]"),
        "[1]",
        json.dumps({"signature": "a string"}),
        json.dumps({"signature": {"token": "\u00e9", "timestamp": "1", "signature": "x"}}),
    ],
    ids=["nested", "nested-signature", "a-list", "a-string-block", "non-ascii-token"],
)
def test_unreadable_json_is_refused_400_without_a_traceback(
    started_game, client, mailgun, caplog, body
):
    assert_refused_quietly(post_json(client, MAILGUN, body), caplog)


def test_a_non_ascii_form_token_is_refused_400(started_game, client, mailgun, caplog):
    form = {"token": "\u00e9", "timestamp": "1", "signature": "x", "event": "failed"}
    assert_refused_quietly(client.post(MAILGUN, form), caplog)


def test_deep_json_with_the_shared_secret_is_refused_400(started_game, client, settings, caplog):
    settings.EMAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    auth = {"HTTP_AUTHORIZATION": "Basic aG9vazpzZWNyZXQ="}  # hook:secret
    assert_refused_quietly(post_json(client, POSTMARK, DEEP, **auth), caplog)


def test_a_signed_bounce_still_flags_the_address(started_game, client, mailgun):
    response = post_json(client, MAILGUN, json.dumps(mailgun_bounce(MAILGUN_KEY)))
    assert response.status_code == 200
    assert russia_flagged()
