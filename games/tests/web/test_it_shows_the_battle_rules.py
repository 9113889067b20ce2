"""The battle rules page is on the site, stands alone, and its worked example of the dice
is right."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from adjudication.battle.dice import commitment, rolls

pytestmark = pytest.mark.django_db

PAGE = settings.BASE_DIR / "docs" / "rules" / "battle.md"


def test_it_serves_the_battle_rules(client):
    response = client.get("/rules/battle/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "FOG OF WAR - BASIC" in page and "B19." in page
    assert 'href="/rules/battle/"' in client.get("/rules/").content.decode()


def test_it_cites_no_file_outside_the_repository():
    text = PAGE.read_text(encoding="utf-8")
    assert ".txt" not in text and "../" not in text


def test_the_worked_example_checks_out():
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(r"echo -n ([0-9a-f]{64}) \| sha256sum\n([0-9a-f]{64})  -", text)
    assert found, "the page shows a shell check of an example seed"
    seed, shown = found[1], found[2]
    assert commitment(seed) == shown
    dice = re.search(r"Its first eight dice are\s+([\d, ]+)\.", text)
    assert dice and [int(d) for d in dice[1].split(",")] == list(rolls(seed, 0, 8))
