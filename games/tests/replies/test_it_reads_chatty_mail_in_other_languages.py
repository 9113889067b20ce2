"""A German Outlook reply: "Hallo," and "Danke!" are greetings and sign-offs
as "Hi," and "Thanks," are, and a trailing remark in brackets is taken off
the order it follows (a coast in brackets stays)."""

from __future__ import annotations

import pytest

from games.tests.replies.clients import send_round_three
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, sheet_of
from postoffice.inbound.tolerance import cleaned

pytestmark = pytest.mark.django_db
SENDER = "england@example.org"


def test_greetings_remarks_and_thanks_in_german_are_no_errors(game, phase, england):
    send_round_three("outlook_german_chatty.eml", SENDER, england)
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    (answer,) = answers_to(SENDER)
    assert "NOT DONE" not in answer.body, answer.body
    assert "> Hallo,\n   (ignored: a greeting)" in answer.body


def test_a_coast_in_brackets_is_no_remark():
    assert cleaned("F Mao - Spa (sc)") == "F Mao - Spa (sc)"
    assert cleaned("F Lon - Nth (as agreed)") == "F Lon - Nth"
