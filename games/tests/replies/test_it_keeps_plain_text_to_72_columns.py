"""Plain text at 72 columns: a long NOT DONE line and the footer are broken
at spaces, so a phone or a terminal shows them without wrapping mid-word;
what the player typed (the quoted lines) and a web address stay whole."""

from __future__ import annotations

from django.core import mail

from games.tests.replies.clients import send_client_mail
from games.tests.replies.conftest import answers_to
from tests.plain_text import says

SENDER = "england@example.org"


def too_wide(body: str) -> list[str]:
    """Lines over 72 columns that FogDip wrote and could have broken."""
    return [
        line
        for line in body.splitlines()
        if len(line) > 72 and not line.startswith(">") and " " in line.strip()
    ]


def not_done_continued(body: str) -> bool:
    """Whether a NOT DONE line goes on under itself, two columns further in."""
    lines = body.splitlines()
    return any(
        line.startswith("   NOT DONE:")
        and lines[at + 1].startswith("     ")
        and lines[at + 1][5] != " "
        for at, line in enumerate(lines[:-1])
    )


def test_a_long_refusal_and_the_footer_fit_72_columns(game, phase, england):
    send_client_mail("thunderbird_ready_with_a_bad_order.eml", SENDER, england)
    (answer,) = answers_to(SENDER)
    assert too_wide(answer.body) == []
    both = 'NOT DONE: two orders for the unit in London: "F Lon - Nth" and "F Lon - Eng"'
    assert says(answer.body, f"> F Lon - Nth\n   {both}")
    # A continued line sits under its first, two columns further in.
    assert not_done_continued(answer.body)
    assert "plain text):\nhttp://" in answer.body


def test_the_start_email_fits_72_columns_but_for_its_links(game, phase, england):
    answers_to(SENDER)  # sends what the outbox holds, the start emails among it
    (start,) = [m for m in mail.outbox if m.to == [SENDER] and "has begun" in m.subject]
    assert "plain text):\nhttp://" in start.body
    assert [line for line in too_wide(start.body) if "://" not in line] == []
