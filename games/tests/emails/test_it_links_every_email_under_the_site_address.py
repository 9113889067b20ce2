"""Every absolute link in every email the site sends (each outbox kind, the
address confirmation, the address-change notice, the password reset) starts
with the configured site address, through one function (common.links), never
the host a request came in on."""

from __future__ import annotations

import email
import email.policy
import re
from pathlib import Path

import pytest
from django.core import mail
from django.urls import reverse

from accounts.address_change import ask_to_change
from games.tests.emails.test_it_sends_valid_mail_of_every_kind import GAME_KINDS, play_every_kind
from games.tests.web.conftest import Personas, people  # noqa: F401 (a fixture)
from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message
from tests.foundation.layers import SITE_APPS, code_of, template_folders

SITE = "https://fogdip.example.net"
LINK = re.compile(r"https?://[^\s\"'<>]+")


@pytest.fixture(autouse=True)
def site_address(settings) -> None:
    settings.SITE_URL = SITE


def links_in(raw: bytes) -> list[str]:
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    found = LINK.findall(str(parsed.get("List-Unsubscribe", "")))
    for part in parsed.walk():
        if part.get_content_maintype() == "text":
            found += LINK.findall(part.get_content())
    return found


def strays(links: list[str]) -> list[str]:
    return [link for link in links if not link.startswith(f"{SITE}/")]


def test_every_outbox_kinds_links_start_with_the_site_address(db) -> None:
    play_every_kind(db)
    rows = list(OutboxMessage.objects.exclude(status=OutboxMessage.Status.CANCELLED))
    assert {row.kind for row in rows} >= GAME_KINDS
    for row in rows:
        links = links_in(outgoing_message(row).message().as_bytes())
        assert links, row.kind  # every email links at least to its settings
        assert strays(links) == [], row.kind


def test_the_password_reset_links_under_the_site_address(people: Personas, client) -> None:  # noqa: F811
    mail.outbox = []
    client.post(reverse("password_reset"), {"email": "france@example.com"})
    [sent] = mail.outbox
    links = links_in(sent.message().as_bytes())
    assert any("/accounts/password/reset/" in link for link in links)
    assert strays(links) == []


def test_the_address_emails_link_under_the_site_address(
    people: Personas,  # noqa: F811
    django_capture_on_commit_callbacks,
) -> None:
    mail.outbox = []
    with django_capture_on_commit_callbacks(execute=True):
        ask_to_change(people.player, "new-france@example.com")
    assert len(mail.outbox) >= 2
    for sent in mail.outbox:
        links = links_in(sent.message().as_bytes())
        assert links and strays(links) == [], sent.subject


ROOT = Path(__file__).resolve().parents[3]
# The calendar files take only the site's host name, for their UIDs; the
# caretaker's in-process requests name the site's host, as a browser would.
READS_THE_ADDRESS = {"common/links.py", "postoffice/ics.py", "api/in_process.py"}
# Where the setting is made and checked at start-up, not read for a link.
SETS_THE_ADDRESS = {
    "fogdip/settings.py",
    "fogdip/deployment.py",
    "fogdip/management/commands/rundev.py",  # the demo's services told its address and port
}


def test_links_are_built_by_one_function() -> None:
    """No other module reads the site address or the request's host for a link,
    and no template glues one together."""
    sources = [
        path for app in SITE_APPS for path in code_of(ROOT, app) if "migrations" not in path.parts
    ]
    for path in sources:
        name = str(path.relative_to(ROOT))
        text = path.read_text()
        assert "build_absolute_uri" not in text, name
        assert "SITE_URL" not in text or name in READS_THE_ADDRESS | SETS_THE_ADDRESS, name
    folders = [
        folder / name
        for folder in template_folders(ROOT)
        for name in ("emails", "registration")
        if (folder / name).is_dir()
    ]
    templates = [path for folder in folders for path in folder.rglob("*.*")]
    for path in templates:
        text = path.read_text()
        assert "{{ site_url }}/" not in text and "{{ domain }}" not in text, path.name
