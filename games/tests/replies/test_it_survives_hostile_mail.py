"""Mail shaped to crash or stall the inbound road: NUL and control characters
are cleaned before any database write; a message nested too deeply, or with
too many parts or headers, is refused before it is parsed; every refused
message is recorded, so a provider retrying it finds it handled; the pipe
exits 0, or 65 for what is not an email."""

from __future__ import annotations

import io
import sys
import time

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.tests.replies.conftest import letter, sheet_of
from postoffice.inbound.handler import Unreadable, handle_message
from postoffice.inbound.models import InboundMessage
from postoffice.inbound.shape import MAX_BOUNDARY_LINES, MAX_HEADER_LINES, printable

SENDER = "england@example.org"


def nested(depth: int) -> bytes:
    """A message whose every part is a multipart holding the next (the attack's shape)."""
    head = b"From: england@example.org\r\nTo: x@localhost\r\nSubject: deep\r\n"
    lines = [head]
    for level in range(depth):
        boundary = b"b%d" % level
        lines.append(
            b'Content-Type: multipart/mixed; boundary="%s"\r\n\r\n--%s\r\n' % (boundary, boundary)
        )
    lines.append(b"Content-Type: text/plain\r\n\r\nF Lon - Nth\r\n")
    return b"".join(lines)


def many_parts(count: int, to: str) -> bytes:
    part = b"--b\r\nContent-Type: text/plain\r\n\r\nF Lon - Nth\r\n"
    parts = part * count
    head = f"From: {SENDER}\r\nTo: {to}\r\nSubject: parts\r\n".encode()
    return head + b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n' + parts + b"--b--\r\n"


def many_headers(count: int, to: str) -> bytes:
    extra = b"".join(b"X-Filler-%d: x\r\n" % n for n in range(count))
    return f"From: {SENDER}\r\nTo: {to}\r\n".encode() + extra + b"\r\nF Lon - Nth\r\n"


def test_a_nul_in_from_subject_and_body_is_cleaned_before_it_is_stored(phase, england):
    raw = letter("F Lon - Nth\x00", SENDER, england, subject="Re: Fog\x00bound\x07")
    raw = raw.replace(b"From: england", b"From: \x00england")
    assert handle_message(raw, "test").outcome == "accepted"
    row = InboundMessage.objects.get()
    assert (row.sender, row.subject) == (SENDER, "Re: Fogbound")
    assert "\x00" not in row.summary
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]


def test_a_refused_message_with_nuls_is_stored_clean(game, england):
    raw = letter("F Lon - Nth\x00", "mallory\x00@example.org", england, subject="\x00\x00")
    assert handle_message(raw, "test").outcome == "refused"
    row = InboundMessage.objects.get()
    assert "\x00" not in row.sender + row.subject + row.reason


def test_printable_keeps_tabs_and_line_breaks_only() -> None:
    assert printable("a\x00b\tc\r\nd\x1b[31m\x7f") == "ab\tc\r\nd[31m"


def test_a_message_nested_three_thousand_deep_is_refused_unparsed_and_recorded(game):
    raw = nested(3000)
    started = time.perf_counter()
    handled = handle_message(raw, "test")
    assert time.perf_counter() - started < 0.5
    assert handled.outcome == "refused"
    assert "nested sections" in handled.reason
    assert InboundMessage.objects.get().reason == handled.reason
    assert handle_message(raw, "test").outcome == "seen"


def test_ordinary_nesting_is_still_read(phase, england):
    raw = nested(3).replace(b"To: x@localhost", f"To: {england}".encode())
    assert handle_message(raw, "test").outcome == "accepted"


def test_too_many_parts_are_refused_unparsed(phase, england):
    assert handle_message(many_parts(MAX_BOUNDARY_LINES, england), "test").outcome == "refused"
    assert "parts" in InboundMessage.objects.get().reason
    assert sheet_of(phase, "ENGLAND") == []


def test_too_many_headers_are_refused_unparsed(phase, england):
    handled = handle_message(many_headers(MAX_HEADER_LINES + 1, england), "test")
    assert (handled.outcome, handled.reason) == ("refused", "the message has more than 500 headers")
    assert handle_message(many_headers(50, england), "test").outcome == "accepted"


def test_what_is_not_an_email_is_recorded_before_it_is_refused(db):
    with pytest.raises(Unreadable):
        handle_message(b"Subject: no sender\r\n\r\nhello\r\n", "test")
    assert InboundMessage.objects.get().reason == "not an email: the message has no sender address"


class Stdin:
    def __init__(self, raw: bytes) -> None:
        self.buffer = io.BytesIO(raw)


def receive(monkeypatch, raw: bytes) -> str:
    monkeypatch.setattr(sys, "stdin", Stdin(raw))
    out = io.StringIO()
    call_command("receive_mail", stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("shape", ["nul", "nested", "parts"])
def test_the_pipe_exits_zero_for_hostile_mail(monkeypatch, phase, england, shape):
    raw = {
        "nul": letter("F Lon - Nth\x00", "\x00" + SENDER, england, subject="\x00"),
        "nested": nested(3000),
        "parts": many_parts(MAX_BOUNDARY_LINES + 1, england),
    }[shape]
    assert receive(monkeypatch, raw).split(":")[0].strip() in {"accepted", "refused"}


def test_the_pipe_exits_65_for_what_is_not_an_email(monkeypatch, db):
    with pytest.raises(CommandError) as failure:
        receive(monkeypatch, b"\x00\x00\x00")
    assert failure.value.returncode == 65
