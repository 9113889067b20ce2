"""A message seen before (same Message-ID, or the same bytes when it has none)
is ignored: a provider retrying its webhook, or a replay, changes nothing more."""

from __future__ import annotations

from games.models import PressMessage
from games.tests.replies.conftest import answers_to, letter, send, sheet_of
from postoffice.inbound.handler import handle_message
from postoffice.inbound.models import InboundMessage


def test_it_handles_a_message_once(game, phase, england):
    raw = letter("F Lon - Nth\nPRESS TO FRANCE\nHello\nEND", "england@example.org", england)
    assert handle_message(raw, "test").outcome == "accepted"
    assert handle_message(raw, "test").outcome == "seen"
    assert PressMessage.objects.filter(game=game).count() == 1
    assert len(answers_to("england@example.org")) == 1
    assert InboundMessage.objects.count() == 1


def test_a_replay_with_the_same_message_id_cannot_undo_later_orders(game, phase, england):
    first = "<first@client.example.org>"
    send("F Lon - Nth", "england@example.org", england, message_id=first)
    send("F Lon - Eng", "england@example.org", england, message_id="<second@client.example.org>")
    replay = send("F Lon - Nth", "england@example.org", england, message_id=first)
    assert replay.outcome == "seen"
    assert sheet_of(phase, "ENGLAND") == ["F LON - ENG"]


def test_a_message_without_message_id_is_named_by_its_bytes(game, england):
    raw = letter("STATUS", "england@example.org", england).replace(b"Message-ID:", b"X-Old-ID:")
    assert handle_message(raw, "test").outcome == "accepted"
    assert handle_message(raw, "test").outcome == "seen"


def test_a_refused_forgery_cannot_make_the_real_message_seen(game, phase, england):
    """Message-IDs are checked for the seat the message proved it came from."""
    future = "<next@client.example.org>"
    forged = send("F Lon - Eng", "mallory@example.org", england, message_id=future)
    assert forged.outcome == "refused"
    real = send("F Lon - Nth", "england@example.org", england, message_id=future)
    assert real.outcome == "accepted"
    assert sheet_of(phase, "ENGLAND") == ["F LON - NTH"]


def test_a_retried_refusal_is_recorded_once(game, england):
    raw = letter("F Lon - Nth", "mallory@example.org", england)
    assert handle_message(raw, "test").outcome == "refused"
    assert handle_message(raw, "test").outcome == "seen"
    assert InboundMessage.objects.count() == 1
