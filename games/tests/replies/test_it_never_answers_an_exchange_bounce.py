"""An Exchange non-delivery report carries no Auto-Submitted header: its
shape (multipart/report, Exchange's sender and NDR header, "Undeliverable:")
marks it automatic, so it is recorded and never answered, not refused back
to a robot as backscatter."""

from __future__ import annotations

import pytest
from django.core import mail

from games.tests.replies.clients import ROUND_THREE, client_mail
from postoffice.inbound.handler import handle_message
from postoffice.inbound.models import InboundMessage

pytestmark = pytest.mark.django_db
NDR_SENDER = "MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@example.org"


def test_an_exchange_ndr_is_ignored_and_never_refused(game, england):
    raw = client_mail("exchange_ndr.eml", "england@example.org", england, folder=ROUND_THREE)
    assert b"Auto-Submitted" not in raw
    mail.outbox = []
    handled = handle_message(raw, "pipe")
    assert handled.outcome == "ignored"
    assert InboundMessage.objects.get().outcome == "ignored"
    assert mail.outbox == []


def test_a_bounce_subject_alone_marks_it_automatic(game, england):
    raw = client_mail("exchange_ndr.eml", "england@example.org", england, folder=ROUND_THREE)
    raw = raw.replace(b"multipart/report; report-type=delivery-status", b"multipart/mixed")
    raw = raw.replace(b"X-MS-Exchange-Message-Is-Ndr:\n", b"")
    raw = raw.replace(NDR_SENDER.encode(), b"mailer@example.org")
    assert handle_message(raw, "pipe").outcome == "ignored"
