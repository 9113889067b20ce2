"""The rules pages: one per preset, public, rendered from docs/rules."""

from __future__ import annotations

import pytest

from games.models import Preset

pytestmark = pytest.mark.django_db


def test_it_lists_every_rule_set(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    for value in Preset.values:
        assert f"/rules/{value}/".encode() in response.content


@pytest.mark.parametrize("preset", Preset.values)
def test_it_renders_each_rule_set_as_html(client, preset):
    response = client.get(f"/rules/{preset}/")
    assert response.status_code == 200
    assert b"<h1>" in response.content and b"<h2>" in response.content


def test_it_draws_tables(client):
    assert b"<table>" in client.get("/rules/dc2005/").content


def test_it_answers_404_for_an_unknown_rule_set(client):
    assert client.get("/rules/chess/").status_code == 404


def test_the_game_page_links_its_rule_set(fog_game, people):
    page = people.client("player").get(f"/games/{fog_game.pk}/").content.decode()
    assert f'href="/rules/{fog_game.preset}/" id="rules-link"' in page
