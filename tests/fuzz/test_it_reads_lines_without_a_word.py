"""Lines with no word in them (found by bench/fuzz.py, seed 1:556): "...", ":"
or "!" alone, and a blank line inside a PRESS with no END, made reading an
email raise IndexError (a 500 at the webhook, a crash on the pipe). Such a
line is now read like any other line that is not a command."""

from __future__ import annotations

import pytest

from games.replies.addresses import reply_address_of_seat
from postoffice.inbound.commands import read_commands, read_line
from postoffice.inbound.handler import handle_message
from tests.access.world import build_world

POWERS = ("FRANCE", "GERMANY", "ENGLAND")


@pytest.mark.parametrize("line", ["...", ":", "!", ". . .", ": !"])
def test_a_line_of_punctuation_is_no_command(line: str) -> None:
    assert read_line(line).word == "ORDER"


def test_a_press_without_end_keeps_its_blank_lines_and_stops_at_the_orders() -> None:
    text = "PRESS TO GERMANY\nHello\n\n...\nA PAR - BUR\n"
    reading = read_commands(text, POWERS, is_order=lambda line: line.startswith("A "))
    press = reading.commands[0]
    assert press.word == "PRESS" and 'no "END" line' in press.error
    assert [c.text for c in reading.commands[1:]] == ["A PAR - BUR"]


@pytest.mark.django_db
def test_an_email_of_such_lines_is_answered() -> None:
    world = build_world()
    to = reply_address_of_seat(world.game.seats.get(power="FRANCE"))
    raw = (
        f"From: {world.users['own_player'].email}\r\nTo: {to}\r\nSubject: hi\r\n\r\n"
        "...\r\n:\r\nPRESS TO GERMANY\r\nHello\r\n\r\n!\r\n"
    ).encode()
    assert handle_message(raw, "fuzz").outcome == "accepted"
