"""A header the standard library's parser trips on (found by bench/fuzz.py):
a From of a lone quote made reading the message raise IndexError. Now such a
message is refused as unreadable, naming why, like any other without a sender."""

from __future__ import annotations

import pytest

from postoffice.inbound.handler import handle_message
from postoffice.inbound.reading import Unreadable, read_letter

LONE_QUOTE_FROM = b'From: "\r\nTo: reply+abc@fogdip.localhost\r\nSubject: \r\n\r\n'


def test_it_refuses_a_lone_quote_sender_as_unreadable() -> None:
    with pytest.raises(Unreadable, match="no sender address"):
        read_letter(LONE_QUOTE_FROM)


@pytest.mark.django_db
def test_it_handles_the_message_without_crashing() -> None:
    with pytest.raises(Unreadable):
        handle_message(LONE_QUOTE_FROM, "fuzz")


def test_it_still_reads_an_ordinary_sender() -> None:
    raw = b"From: Ann <ann@example.org>\r\nTo: x@example.org\r\nSubject: hi\r\n\r\nA Par H\r\n"
    assert read_letter(raw).sender == "ann@example.org"
