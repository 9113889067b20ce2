"""Parsing slips a judge veteran's email showed: "Pressing on..." is not
PRESS; ENDPRESS ends a message; a PRESS with no END is refused without
eating the orders after it; an unknown command is named as one, and the
answer then lists the commands; WHOGAME, once unknown, is answered."""

from __future__ import annotations

from games.models import PressMessage
from games.tests.replies.clients import send_client_mail
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, sheet_of

SENDER = "england@example.org"


def played(game, england) -> str:
    assert send_client_mail("yahoo_parsing_slips.eml", SENDER, england).outcome == "accepted"
    found = answers_to(SENDER)
    assert len(found) == 1
    return found[0].body


def test_the_orders_after_an_unended_press_are_saved(game, phase, england):
    body = played(game, england)
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert 'NOT DONE: no "END" line after the message, so it was not sent' in body


def test_endpress_ends_a_message_and_pressing_on_is_no_press(game, phase, england):
    body = played(game, england)
    press = PressMessage.objects.get(game=game)
    assert press.body == "The Channel stays empty."
    assert [r.power for r in press.recipients.all()] == ["FRANCE"]
    assert 'NOT DONE: could not read "Pressing": not a command or an order' in body


def test_an_unknown_command_is_named_and_help_follows(game, phase, england):
    body = played(game, england)
    assert 'NOT DONE: could not read "Pressing": not a command or an order' in body
    assert "not a province" not in body
    assert "Write one order or command a line:" in body


def test_whogame_is_answered_as_njudge_answers_it(game, phase, england):
    assert "> WHOGAME\n   Who plays which power in Fogbound:" in played(game, england)
