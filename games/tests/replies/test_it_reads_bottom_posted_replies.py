"""Bottom-posting, as judge veterans write: the whole FogDip email quoted
first, its footer ("> -- ") among the quoted lines, and the orders typed
below the quote. The quoted footer is not the writer's signature."""

from __future__ import annotations

from games.tests.replies.clients import client_mail, send_client_mail
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, sheet_of
from postoffice.inbound.reading import read_letter

SENDER = "england@example.org"


def test_the_orders_below_the_quote_are_read():
    text = read_letter(client_mail("mutt_bottom_post.eml", SENDER, "play+x@localhost")).text
    assert "F Lon - Nth" in text and "A Lvp - Yor" in text
    assert "FogDip. Your email settings" not in text


def test_the_orders_below_the_quote_are_played(game, phase, england):
    assert send_client_mail("mutt_bottom_post.eml", SENDER, england).outcome == "accepted"
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert "There were no commands" not in answers_to(SENDER)[0].body
