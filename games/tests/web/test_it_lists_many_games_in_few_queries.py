"""The dashboard costs the same queries for one game as for many: each game's
latest phase is read in one query for all of them, not one query a game."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.tests.web.conftest import client_for, forming_game, open_phase, start


def dashboard_queries(client) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("dashboard"))
    assert page.status_code == 200
    return len(queries.captured_queries), page.content.decode()


def test_it_reads_the_latest_phases_of_every_game_at_once(people):
    first = forming_game(people, name="First")
    start(first, people)
    client = client_for(people.player)
    one, _ = dashboard_queries(client)
    for number in range(4):
        game = forming_game(people, name=f"Game {number}")
        if number % 2:
            start(game, people)
    many, page = dashboard_queries(client)
    assert many == one
    assert page.count("game-row") == 5
    assert page.count(open_phase(first).label) >= 3  # the three running games
    assert page.count("Waiting for players") == 2
