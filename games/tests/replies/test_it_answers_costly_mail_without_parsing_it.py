"""Issue 39, "One email stalls a web worker": a message shaped to make
parsing cost seconds is answered at once by the webhook, which never parses
it; the shapes the bytes show are refused there unparsed and recorded, the
one only its decoded body shows (nested HTML) is refused by the worker
before the costly step. The CPU bound is generous (the attacks took 8 to
30 s; answering takes milliseconds)."""

from __future__ import annotations

import email.feedparser
import time

import html2text
import pytest

from games.tests.replies.conftest import sheet_of
from games.tests.replies.test_it_receives_mail_by_webhook import mailgun, post_only
from postoffice.inbound import handler
from postoffice.inbound.models import InboundMessage, ReceivedMail
from postoffice.inbound.waiting import handle_received_mail

SECOND = 1.0
__all__ = ["mailgun"]  # the webhook signed with Mailgun's key, for every test here


def message(to: str, headers: bytes = b"", body: bytes = b"F Lon - Nth\r\n") -> bytes:
    head = f"From: england@example.org\r\nTo: {to}\r\nSubject: Re: Fog\r\n".encode()
    return head + headers + b"\r\n" + body


def nested_lists(depth: int) -> tuple[bytes, bytes]:
    """The headers and the body of an HTML message of lists in lists."""
    body = b"<ul><li>" * depth + b"F Lon - Nth" + b"</li></ul>" * depth
    return b"Content-Type: text/html\r\n", body


def costly_headers(to: str) -> dict[str, bytes]:
    ids = b" ".join(b"<%x>" % n for n in range(150_000))
    words = b" ".join([b"=?utf-8?q?a?="] * 20_000)
    return {
        "cc": message(to, b"Cc: " + b"," * 130_000 + b"\r\n"),
        "references": message(to, b"References: " + ids + b"\r\n"),
        "subject": message(to).replace(b"Subject: Re: Fog", b"Subject: " + words),
    }


def parsed_here(*args, **kwargs):
    raise AssertionError("the message was parsed where it may not be")


@pytest.fixture
def no_parsing_here(monkeypatch):
    """The web request may not parse these messages at all."""
    monkeypatch.setattr(email.feedparser.FeedParser, "feed", parsed_here)
    monkeypatch.setattr(handler, "read_letter", parsed_here)


def cpu_seconds_to_post(client, raw: bytes, to: str) -> float:
    started = time.process_time()
    assert post_only(client, raw, to).status_code == 200
    return time.process_time() - started


@pytest.mark.parametrize("shape", ["cc", "references", "subject"])
def test_a_costly_header_is_refused_in_the_request_unparsed(
    client, phase, england, no_parsing_here, shape
):
    raw = costly_headers(england)[shape]
    assert cpu_seconds_to_post(client, raw, england) < SECOND
    row = InboundMessage.objects.get()
    assert (row.outcome, row.road) == ("refused", "webhook: mailgun")
    assert f"the {shape} header" in row.reason
    assert not ReceivedMail.objects.exists()
    assert sheet_of(phase, "ENGLAND") == []


def test_nested_html_is_recorded_unread_and_refused_by_the_worker(
    client, phase, england, monkeypatch
):
    headers, body = nested_lists(1_700)
    raw = message(england, headers, body)
    monkeypatch.setattr(handler, "read_letter", parsed_here)
    assert cpu_seconds_to_post(client, raw, england) < SECOND
    assert not InboundMessage.objects.exists()
    waiting = ReceivedMail.objects.get()
    assert bytes(waiting.raw) == raw
    monkeypatch.undo()
    monkeypatch.setattr(html2text.HTML2Text, "handle", parsed_here)
    started = time.process_time()
    assert handle_received_mail(waiting.pk) == "refused"
    assert time.process_time() - started < SECOND
    assert "HTML is nested more than 100 deep" in InboundMessage.objects.get().reason
    assert not ReceivedMail.objects.exists()


def test_html_nested_as_real_mail_nests_is_still_read(client, phase, england):
    headers, body = nested_lists(8)
    assert post_only(client, message(england, headers, body), england).status_code == 200
    assert handle_received_mail(ReceivedMail.objects.get().pk) == "accepted"
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]


def test_a_reply_to_a_long_thread_is_still_read(client, phase, england):
    ids = b" ".join(b"<%d.thread@mail.example.org>" % n for n in range(60))
    cc = b", ".join(b"Player %d <p%d@example.org>" % (n, n) for n in range(40))
    raw = message(england, b"References: " + ids + b"\r\nCc: " + cc + b"\r\n")
    assert post_only(client, raw, england).status_code == 200
    assert handle_received_mail(ReceivedMail.objects.get().pk) == "accepted"
