"""A long game's press is read a page at a time, newest first, with links to
older and newer pages that keep the conversation chosen; press.json too."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import actions
from games.tests.web.conftest import client_for
from games.tests.web.press_game import make_table, press_game
from games.views.press import PRESS_PAGE_SIZE

pytestmark = pytest.mark.django_db
SENT = PRESS_PAGE_SIZE + 7


@pytest.fixture
def england_page():
    table = make_table()
    game = press_game(table, "white")
    for number in range(SENT):
        france = table.players["FRANCE"]
        actions.send_press(game, france, "FRANCE", ["ENGLAND"], f"Note {number}.", "FRANCE")
    client = client_for(table.players["ENGLAND"])

    def page(query: str = "", name: str = "game_press") -> str:
        response = client.get(reverse(name, args=[game.pk]) + query)
        assert response.status_code == 200
        return response.content.decode()

    return page


def notes(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"Note (\d+)\.", html)]


def test_it_shows_the_newest_page_and_links_to_older(england_page):
    first = england_page()
    assert notes(first) == list(range(SENT - 1, SENT - 1 - PRESS_PAGE_SIZE, -1))
    assert 'href="?page=2" rel="next">Older messages' in first
    last = england_page("?page=2")
    assert notes(last) == list(range(SENT - 1 - PRESS_PAGE_SIZE, -1, -1))
    assert 'href="?page=1" rel="prev">Newer messages' in last
    assert "Older messages" not in last
    assert notes(england_page("?page=99")) == notes(last)


def test_it_keeps_the_conversation_in_the_page_links(england_page):
    html = england_page("?with=FRANCE")
    assert len(notes(html)) == PRESS_PAGE_SIZE
    assert 'href="?with=FRANCE&amp;page=2" rel="next"' in html


def test_it_pages_the_json_too(england_page):
    first = json.loads(england_page(name="game_press_json"))
    assert (first["page"], first["pages"], len(first["messages"])) == (1, 2, PRESS_PAGE_SIZE)
    second = json.loads(england_page("?page=2", name="game_press_json"))
    assert len(second["messages"]) == SENT - PRESS_PAGE_SIZE


def test_a_press_shorter_than_a_page_is_read_whole_and_never_counted():
    """games.press.pages: a first page that is not full holds every message,
    so the database is not asked to count them; a page past it is that page."""
    table = make_table()
    game = press_game(table, "white")
    for number in range(7):
        france = table.players["FRANCE"]
        actions.send_press(game, france, "FRANCE", ["ENGLAND"], f"Note {number}.", "FRANCE")
    client = client_for(table.players["ENGLAND"])
    for query in ["", "?page=2", "?with=FRANCE", "?thread=FRANCE"]:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse("game_press", args=[game.pk]) + query)
        assert notes(response.content.decode()) == list(range(6, -1, -1)), query
        assert not [q for q in queries.captured_queries if "COUNT(*)" in q["sql"]], query
    answer = json.loads(client.get(reverse("game_press_json", args=[game.pk]) + "?page=2").content)
    assert (answer["page"], answer["pages"], len(answer["messages"])) == (1, 1, 7)
