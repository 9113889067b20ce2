"""Issue 39, "Unauthenticated crashes remain": 3,000 nested parentheses in
From, To, Cc or Message-ID raised RecursionError (a 500 at the webhook,
exit status 1 on the pipe, which makes the mail server bounce the message
to a possibly forged sender); a multipart nested 3,000 deep with lines
ended by a lone CR slipped past the nesting count. Now each is refused
unparsed and recorded: 200 at the webhook, exit 0 on the pipe. So is a
header the parser trips on otherwise (a Cc of groups raised AttributeError)."""

from __future__ import annotations

import io
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError

from games.tests.replies.conftest import sheet_of
from games.tests.replies.test_it_receives_mail_by_webhook import mailgun, post
from postoffice.inbound import handler
from postoffice.inbound.models import InboundMessage
from postoffice.management.commands import receive_mail

__all__ = ["mailgun"]  # the webhook signed with Mailgun's key, for every test here
HEADERS = ["From", "To", "Cc", "Message-ID"]


def with_parentheses(to: str, header: str) -> bytes:
    fields = {"From": "england@example.org", "To": to, "Cc": "", "Message-ID": "<a@b>"}
    fields[header] = "(" * 3000 + fields[header]
    head = "".join(f"{name}: {value}\r\n" for name, value in fields.items())
    return f"{head}Subject: Re: Fog\r\n\r\nF Lon - Nth\r\n".encode()


def nested_with_lone_crs(to: str, depth: int = 3000) -> bytes:
    head = f"From: england@example.org\rTo: {to}\rSubject: deep\r".encode()
    levels = b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\r\r--b%d\r' % (n, n) for n in range(depth)
    )
    return head + levels + b"Content-Type: text/plain\r\rF Lon - Nth\r"


def grouped_cc(to: str) -> bytes:
    head = f"From: england@example.org\r\nTo: {to}\r\nCc: a:b;a:b;\r\nSubject: Re: Fog\r\n"
    return (head + "\r\nF Lon - Nth\r\n").encode()


class Stdin:
    def __init__(self, raw: bytes) -> None:
        self.buffer = io.BytesIO(raw)


def pipe(monkeypatch, raw: bytes) -> str:
    """The pipe's answer; an exit status other than 0 raises (CommandError or the error itself)."""
    monkeypatch.setattr(sys, "stdin", Stdin(raw))
    out = io.StringIO()
    call_command("receive_mail", stdout=out)
    return out.getvalue().strip()


@pytest.mark.parametrize("header", HEADERS)
def test_nested_parentheses_are_refused_at_the_webhook(client, phase, england, header):
    assert post(client, with_parentheses(england, header), england).status_code == 200
    row = InboundMessage.objects.get()
    reason = f"the {header.lower()} header has more than 20 comments"
    assert (row.outcome, row.reason) == ("refused", reason)


@pytest.mark.parametrize("header", HEADERS)
def test_nested_parentheses_exit_zero_on_the_pipe(monkeypatch, phase, england, header):
    assert pipe(monkeypatch, with_parentheses(england, header)).startswith("refused")
    assert sheet_of(phase, "ENGLAND") == []


def test_nesting_with_lone_crs_is_counted(client, phase, england):
    assert post(client, nested_with_lone_crs(england), england).status_code == 200
    assert "nested sections" in InboundMessage.objects.get().reason


def test_nesting_with_lone_crs_exits_zero_on_the_pipe(monkeypatch, phase, england):
    assert pipe(monkeypatch, nested_with_lone_crs(england)).startswith("refused")


def test_lone_crs_nested_as_real_mail_nests_are_still_read(monkeypatch, phase, england):
    assert pipe(monkeypatch, nested_with_lone_crs(england, depth=3)).startswith("accepted")
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]


def test_a_cc_of_groups_is_read_without_crashing(monkeypatch, phase, england):
    assert pipe(monkeypatch, grouped_cc(england)).startswith("accepted")


def test_whatever_the_reader_trips_on_is_refused_with_exit_zero(monkeypatch, phase, england):
    def trip(*args):
        raise IndexError("a parser's bug")

    monkeypatch.setattr(handler, "read_letter", trip)
    answer = pipe(monkeypatch, grouped_cc(england))
    assert answer == "refused: the message could not be read (IndexError)"


def test_what_trips_after_reading_is_refused_with_exit_zero(monkeypatch, phase, england):
    def trip(*args):
        raise RecursionError

    monkeypatch.setattr(handler, "handle_letter", trip)
    answer = pipe(monkeypatch, grouped_cc(england))
    assert answer.startswith("refused: the message could not be read")
    assert InboundMessage.objects.get().outcome == "refused"


def test_a_database_that_is_down_asks_the_mail_server_to_try_again(monkeypatch, db):
    def down(*args):
        raise OperationalError("the database is down")

    monkeypatch.setattr(receive_mail, "handle_message", down)
    with pytest.raises(CommandError) as failure:
        pipe(monkeypatch, b"From: a@example.org\r\n\r\nhello\r\n")
    assert failure.value.returncode == receive_mail.EX_TEMPFAIL == 75
