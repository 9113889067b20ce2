"""Every page carries a Content-Security-Policy that allows only our own files;
no template has inline script, inline style or event handlers it would block."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from games.tests.web.conftest import Personas
from tests.foundation.layers import template_folders

ROOT = Path(__file__).resolve().parents[3]
# Email bodies are not web pages: their styles must be inline for mail clients.
PAGE_TEMPLATES = [
    path
    for folder in template_folders(ROOT)
    for path in folder.rglob("*.html")
    if "emails" not in path.parts
]
BLOCKED = {
    "inline script": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "inline style": re.compile(r"<style\b|\sstyle=", re.I),
    "event handler": re.compile(r"\son[a-z]+=", re.I),
    "javascript: link": re.compile(r"javascript:", re.I),
}


def policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in header.split(";") if part.strip())


@pytest.mark.parametrize("name", ["home", "login", "signup", "password_reset", "rules"])
def test_pages_allow_only_our_own_scripts_and_styles(client, db, name) -> None:
    directives = policy(client.get(reverse(name)))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in " ".join(directives.values())


def test_the_game_page_is_under_the_policy(people: Personas, game) -> None:
    response = people.client("player").get(reverse("game", args=[game.pk]))
    assert policy(response)["script-src"] == "'self'"


@pytest.mark.parametrize("template", PAGE_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_template_has_what_the_policy_blocks(template: Path) -> None:
    text = template.read_text()
    found = [what for what, pattern in BLOCKED.items() if pattern.search(text)]
    assert not found, f"{template.name}: {found}"
