"""An Exchange non-delivery report carries no Auto-Submitted header: its
shape (multipart/report, Exchange's sender and NDR header, "Undeliverable:")
marks it automatic, so it is recorded and never answered, not refused back
to a robot as backscatter. Its delivery status, sent back to a player's
reply address, flags that player's address when it failed for good."""

from __future__ import annotations

import pytest
from django.core import mail

from games.tests.replies.clients import ROUND_THREE, client_mail
from postoffice.inbound.handler import handle_message
from postoffice.inbound.models import InboundMessage
from postoffice.models import EmailSettings

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


def test_its_delivery_report_flags_the_players_address(game, england):
    """Sent back to England's reply address, a report that England's address
    failed for good (5.1.1) flags it, and mail to it is held from then on."""
    raw = client_mail("exchange_ndr.eml", "england@example.org", england, folder=ROUND_THREE)
    assert "flags the player's address" in handle_message(raw, "pipe").reason
    flagged = EmailSettings.objects.get(user__email="england@example.org")
    assert not flagged.can_receive
    assert flagged.address_detail == "delivery report: 5.1.1"


def test_a_delay_or_another_address_flags_nothing(game, england):
    raw = client_mail("exchange_ndr.eml", "england@example.org", england, folder=ROUND_THREE)
    delayed = raw.replace(b"Action: failed\nStatus: 5.1.1", b"Action: delayed\nStatus: 4.4.7")
    assert delayed != raw
    assert handle_message(delayed, "pipe").outcome == "ignored"
    # A report naming France's address, sent to England's reply address, is no
    # proof that France's mail fails: anyone may write one.
    other = raw.replace(b"Final-Recipient: rfc822;england", b"Final-Recipient: rfc822;france")
    other = other.replace(b"0007@", b"0008@")
    assert b"rfc822;france" in other
    assert handle_message(other, "pipe").outcome == "ignored"
    assert not EmailSettings.objects.exclude(address_status="ok").exists()


def test_the_game_master_sees_the_failing_address(client, game, england, game_and_players):
    master = game_and_players[1]
    client.force_login(master)
    console = f"/games/{game.pk}/console/"
    assert b"Mail not delivered" not in client.get(console).content
    handle_message(
        client_mail("exchange_ndr.eml", "england@example.org", england, folder=ROUND_THREE),
        "pipe",
    )
    page = client.get(console).content.decode()
    assert "Mail not delivered" in page
    assert "England (england): bounced: delivery report: 5.1.1" in page
