"""The same checks on both roads in: the mail server's pipe (`receive_mail`)
and the provider's signed webhook (Mailgun here). Every client fixture plays;
a forged sender, a bad token, a replay, an oversized message and orders after
the deadline change nothing."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Phase, PressMessage
from games.tests.replies.conftest import ENGLISH_OPENING, FIXTURES, fixture_bytes, letter, sheet_of
from games.tests.replies.test_it_receives_mail_by_webhook import SIGNING_KEY, post
from postoffice.inbound.models import InboundMessage

Deliver = Callable[[bytes, str], str]
ORDERS = "F Lon - Nth\nPRESS TO FRANCE\nHello\nEND"


class Stdin:
    def __init__(self, raw: bytes) -> None:
        self.buffer = io.BytesIO(raw)


@pytest.fixture(params=["pipe", "webhook"])
def deliver(request, client, monkeypatch, settings) -> Deliver:
    """Hand a message to one road; the outcome is read from what it recorded."""
    settings.INBOUND_EMAIL_PROVIDER = "mailgun"
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}

    def by_pipe(raw: bytes, recipient: str) -> str:
        monkeypatch.setattr(sys, "stdin", Stdin(raw))
        out = io.StringIO()
        call_command("receive_mail", stdout=out)
        return out.getvalue().split(":")[0].strip()

    def by_webhook(raw: bytes, recipient: str) -> str:
        before = InboundMessage.objects.count()
        assert post(client, raw, recipient).status_code == 200
        if InboundMessage.objects.count() == before:
            return "seen"
        return str(InboundMessage.objects.latest("id").outcome)

    return by_pipe if request.param == "pipe" else by_webhook


def assert_nothing_changed(game, phase) -> None:
    assert sheet_of(phase, "ENGLAND") == []
    assert not PressMessage.objects.filter(game=game).exists()


@pytest.mark.parametrize("name", FIXTURES)
def test_every_client_fixture_plays(deliver, name, phase, england):
    raw = fixture_bytes(name, "england@example.org", england)
    assert deliver(raw, england) == "accepted"
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)


def test_a_forged_sender(deliver, game, phase, england):
    assert deliver(letter(ORDERS, "mallory@example.org", england), england) == "refused"
    assert_nothing_changed(game, phase)


def test_a_bad_token(deliver, game, phase, england):
    local, domain = england.split("@")
    tampered = f"{local[:-4]}abcd@{domain}"
    assert deliver(letter(ORDERS, "england@example.org", tampered), tampered) == "refused"
    assert_nothing_changed(game, phase)


def test_a_replayed_message(deliver, game, phase, england):
    raw = letter(ORDERS, "england@example.org", england)
    assert deliver(raw, england) == "accepted"
    assert deliver(raw, england) == "seen"
    assert PressMessage.objects.filter(game=game).count() == 1


def test_an_oversized_message(deliver, game, phase, england, settings):
    settings.INBOUND_EMAIL_MAX_BYTES = 5000
    raw = letter(ORDERS + "\n" + "x" * 6000, "england@example.org", england)
    assert deliver(raw, england) == "refused"
    assert_nothing_changed(game, phase)


def test_orders_after_the_deadline(deliver, game, phase, england):
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert deliver(letter("F Lon - Nth", "england@example.org", england), england) == "accepted"
    assert sheet_of(phase, "ENGLAND") == []
    answer = InboundMessage.objects.get()
    assert answer.summary.endswith("nothing to do")
