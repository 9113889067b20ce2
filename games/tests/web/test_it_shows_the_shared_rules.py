"""The rules every fog game shares: one page on the site, linked from each rule set."""

from __future__ import annotations

import pytest

from games.models import Preset

pytestmark = pytest.mark.django_db


def test_it_renders_the_shared_rules(client):
    response = client.get("/rules/general/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>What every fog game shares</h1>" in page
    assert "Every phase is held" in page
    assert "disbands the unit" in page
    assert "worked out from what you know" in page


@pytest.mark.parametrize("preset", Preset.values)
def test_it_links_the_shared_rules_from_each_rule_set(client, preset):
    page = client.get(f"/rules/{preset}/").content.decode()
    assert page.count('href="/rules/general/"') >= 2  # the page's own link, and the header's
    assert 'href="general.md"' not in page


def test_it_links_the_shared_rules_from_the_list(client):
    assert b'href="/rules/general/"' in client.get("/rules/").content


@pytest.mark.parametrize(
    ("preset", "words"),
    [
        ("reynolds1989", "names the coast, <code>SPA/NC</code>"),
        ("saari1898", "<code>A Ukr S A Sil - ???</code>"),
        ("diplomyopia", "does not see an attack that bounces off an occupied"),
        ("dc2005", "stays lit in the retreat report"),
    ],
)
def test_it_states_each_rule_sets_choices(client, preset, words):
    assert words in client.get(f"/rules/{preset}/").content.decode()
