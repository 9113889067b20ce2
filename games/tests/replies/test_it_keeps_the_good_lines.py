"""Keep the good lines, report the bad, as the judges do: each line answered
as understood or refused with the word it could not read; good orders saved;
READY applied only when the sheet it comes with holds; greetings, sign-offs,
SIGNON lines, numbering, bullets and trailing # comments tolerated and
echoed as ignored; a second order for a unit refused, naming both lines."""

from __future__ import annotations

from games.models import OrderSheet
from games.tests.replies.clients import send_client_mail
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, sheet_of
from tests.plain_text import says

SENDER = "england@example.org"


def answer_body() -> str:
    found = answers_to(SENDER)
    assert len(found) == 1
    return found[0].body


def is_ready(phase) -> bool:
    return OrderSheet.objects.filter(phase=phase, power="ENGLAND", ready=True).exists()


def test_a_chatty_sheet_from_outlook_is_played_whole(game, phase, england):
    assert send_client_mail("outlook_chatty_sheet.eml", SENDER, england).outcome == "accepted"
    assert sorted(sheet_of(phase, "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert is_ready(phase)
    body = answer_body()
    assert "> Hi GM,\n   (ignored: a greeting)" in body
    assert "> SIGNON EN fogbound\n   (ignored: SIGNON" in body
    assert "> 2) F Edi - Nwg   # the Norwegian Sea, as agreed with Russia\n   F EDI - NWG" in body
    assert "> * A Lvp - Yor\n   A LVP - YOR" in body
    assert "NOT DONE" not in body


def test_ready_waits_for_a_sheet_that_holds(game, phase, england):
    send_client_mail("thunderbird_ready_with_a_bad_order.eml", SENDER, england)
    assert not is_ready(phase)
    body = answer_body()
    assert 'NOT DONE: could not read "Narnia": not a province' in body
    assert "> READY\n   NOT DONE: not marked ready" in body


def test_the_good_lines_are_saved_and_two_orders_for_a_unit_are_refused(game, phase, england):
    """As on the web: which of two orders the writer meant is theirs to say, so
    both are refused, each naming both lines, and the good lines are saved."""
    send_client_mail("thunderbird_ready_with_a_bad_order.eml", SENDER, england)
    assert sorted(sheet_of(phase, "ENGLAND")) == ["A LVP - YOR"]
    body = answer_body()
    both = 'NOT DONE: two orders for the unit in London: "F Lon - Nth" and "F Lon - Eng"'
    assert says(body, f"> F Lon - Nth\n   {both}")
    assert says(body, f"> F Lon - Eng\n   {both}")
