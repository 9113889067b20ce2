"""What mail clients do to a reply, undone: Thunderbird's format=flowed
soft-wrapping, Outlook's quoted header block in Swedish (or any language),
hidden HTML text, and an out-of-office reply with no Auto-Submitted."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import PressMessage
from games.tests.replies.clients import client_mail, send_client_mail
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, sheet_of
from postoffice.inbound.reading import read_letter

SENDER = "england@example.org"


def test_format_flowed_lines_are_joined_again(game, phase, england):
    assert send_client_mail("thunderbird_format_flowed.eml", SENDER, england).outcome == "accepted"
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    press = PressMessage.objects.get(game=game)
    assert press.body == (
        "Bonjour Paris. The Channel stays empty this spring, as we agreed last "
        "week; I trust Brest stays quiet too."
    )


@pytest.mark.parametrize(
    "name", ["outlook_swedish.eml", "outlook_finnish.eml", "outlook_turkish_no_address.eml"]
)
def test_outlooks_header_block_in_any_language_starts_the_quote(name, game, phase, england):
    text = read_letter(client_mail(name, SENDER, england)).text
    assert "PAR - PIC" not in text and "FogDip <fogdip@localhost>" not in text
    send_client_mail(name, SENDER, england)
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert "NOT DONE" not in answers_to(SENDER)[0].body


def test_hidden_html_text_is_never_read(game, phase, england):
    text = read_letter(client_mail("html_hidden_text.eml", SENDER, england)).text
    for hidden in ("Wal", "A Lvp - Edi", "LEAVE GAME", "READY", "secret"):
        assert hidden not in text
    send_client_mail("html_hidden_text.eml", SENDER, england)
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert not PressMessage.objects.exists()


def test_an_out_of_office_reply_is_never_answered(game, phase, england):
    handled = send_client_mail("outlook_out_of_office.eml", SENDER, england)
    assert handled.outcome == "ignored"
    assert sheet_of(phase, "ENGLAND") == []
    assert mail.outbox == []
