"""Game email's HTML fits a phone: laid out by a real browser 360 pixels wide,
no part of it is wider than the screen (no sideways scrolling to read the
orders or see the map). Every HTML email a started standard game sends in
its first year is drawn: the start, results with the map, reminders."""

from __future__ import annotations

import base64
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from django.core import mail

from games.tests.emails.conftest import make_game
from postoffice.tasks import sweep_outbox
from tests.perf.long_game import play_to_year

PHONE = {"width": 360, "height": 740}

# Transactional: while Playwright runs, Django keeps a connection per context.
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def html_with_its_pictures(message: EmailMessage) -> str:
    """The HTML part, each ``cid:`` picture put in place as a data address."""
    html = ""
    pictures: dict[str, str] = {}
    for part in message.walk():
        if not isinstance(part, EmailMessage) or part.is_multipart():
            continue
        if part.get_content_type() == "text/html":
            html = str(part.get_content())
        elif part.get_content_maintype() == "image":
            content_id = str(part.get("Content-ID", "")).strip("<>")
            data = base64.b64encode(bytes(part.get_content())).decode()
            pictures[content_id] = f"data:{part.get_content_type()};base64,{data}"
    for content_id, address in pictures.items():
        html = html.replace(f"cid:{content_id}", address)
    return html


def sent_html() -> dict[str, str]:
    sweep_outbox()  # whatever a worker has not sent yet
    drawn = {}
    for sent in mail.outbox:
        parsed = message_from_bytes(sent.message().as_bytes(), policy=policy.default)
        html = html_with_its_pictures(parsed) if isinstance(parsed, EmailMessage) else ""
        if html:
            drawn[str(sent.subject)] = html
    return drawn


def test_every_game_email_fits_360_pixels(browser: Any) -> None:
    mail.outbox = []
    game, _, _ = make_game(preset="standard")
    play_to_year(game, 2)  # the whole first year: movement, retreats, adjustments
    emails = sent_html()
    assert any("results" in subject.lower() for subject in emails), list(emails)
    page = browser.new_context(viewport=PHONE).new_page()
    too_wide = {}
    for subject, html in emails.items():
        page.set_content(html)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide[subject] = width
    assert not too_wide, f"wider than {PHONE['width']} px: {too_wide}"
