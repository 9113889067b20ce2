"""`manage.py receive_mail`: one RFC 822 message on standard input. Exit 0 when
handled, accepted or refused (a mail server must not bounce or retry it);
non-zero only when the input is not an email."""

from __future__ import annotations

import io
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.tests.replies.conftest import ENGLISH_OPENING, fixture_bytes, letter, sheet_of


class Stdin:
    def __init__(self, raw: bytes) -> None:
        self.buffer = io.BytesIO(raw)


def receive(monkeypatch, raw: bytes, *args: str) -> str:
    monkeypatch.setattr(sys, "stdin", Stdin(raw))
    out = io.StringIO()
    call_command("receive_mail", *args, stdout=out)
    return out.getvalue()


def test_it_plays_a_message_read_on_stdin(monkeypatch, phase, england):
    raw = fixture_bytes("gmail_multipart_alternative.eml", "england@example.org", england)
    assert receive(monkeypatch, raw).startswith("accepted")
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)


def test_it_exits_zero_for_a_refused_message(monkeypatch, phase, england):
    raw = letter("F Lon - Nth", "mallory@example.org", england)
    assert receive(monkeypatch, raw).startswith("refused")
    assert sheet_of(phase, "ENGLAND") == []


def test_it_takes_the_envelope_recipient_from_the_mail_server(monkeypatch, phase, england):
    raw = letter("F Lon - Nth", "england@example.org", "FogDip <games@localhost>")
    assert receive(monkeypatch, raw, "--recipient", england).startswith("accepted")
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]


@pytest.mark.parametrize("raw", [b"", b"\r\n\r\n", b"Subject: no sender\r\n\r\nhello\r\n"])
def test_it_fails_only_when_it_cannot_read_the_message(monkeypatch, db, raw):
    with pytest.raises(CommandError) as failure:
        receive(monkeypatch, raw)
    assert failure.value.returncode == 65
