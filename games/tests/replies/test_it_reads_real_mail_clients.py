"""Replies as Gmail, Outlook, Apple Mail, Thunderbird and phones write them
(multipart/alternative, HTML only, ISO-8859-1 and UTF-8, base64 and
quoted-printable, quoted above or below, signatures, an attachment) all play
the same orders; through the pipe's handler like any other message."""

from __future__ import annotations

import pytest

from games.models import PressMessage
from games.tests.replies.conftest import ENGLISH_OPENING, FIXTURES, fixture_bytes, sheet_of
from postoffice.inbound.handler import handle_message
from postoffice.inbound.reading import read_letter

SENDER = "england@example.org"


def test_there_is_a_fixture_for_each_client_style():
    assert len(FIXTURES) >= 6


@pytest.mark.parametrize("name", FIXTURES)
def test_it_plays_the_orders_of_each_client(name, game, phase, england):
    handled = handle_message(fixture_bytes(name, SENDER, england), "pipe")
    assert handled.outcome == "accepted", handled.reason
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)


@pytest.mark.parametrize("name", FIXTURES)
def test_it_keeps_none_of_the_quoted_message(name):
    text = read_letter(fixture_bytes(name, SENDER, "play+x@localhost")).text
    assert "PAR - PIC" not in text
    assert "wrote:" not in text and "From:" not in text


def test_it_decodes_latin1_html_into_press(game, england):
    handle_message(fixture_bytes("outlook_html_only_latin1.eml", SENDER, england), "pipe")
    press = PressMessage.objects.get(game=game)
    assert press.body == "Ça va, Paris ? Je garde la Manche calme."
    assert [r.power for r in press.recipients.all()] == ["FRANCE"]


def test_it_never_keeps_the_script_of_an_html_body():
    text = read_letter(fixture_bytes("outlook_html_only_latin1.eml", SENDER, "x@y")).text
    assert "alert" not in text and "<" not in text


def test_it_reads_8bit_latin1_and_cuts_the_signature(game, england):
    raw = fixture_bytes("thunderbird_latin1_bottom_post.eml", SENDER, england)
    text = read_letter(raw).text
    assert "Grüße aus London" in text
    assert "Ann Example" not in text and "Bâle" not in text


def test_it_ignores_attachments(game, phase, england):
    raw = fixture_bytes("android_with_attachment.eml", SENDER, england)
    assert b"A LVP - WAL" in raw
    handle_message(raw, "pipe")
    assert "A LVP - WAL" not in sheet_of(phase, "ENGLAND")
