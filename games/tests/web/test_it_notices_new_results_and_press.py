"""The game page learns of new results and new press without a reload: it
carries what it was drawn with (phase, status, unread count) and a script
file that polls games/status.json, which answers with the public phase and
the player's own unread count, at the same cost however long the game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.models import Game
from games.tasks import sweep_deadlines
from games.tests.web.conftest import client_for, open_phase, pass_deadline
from games.tests.web.press_game import Table, make_table, press_game, send

pytestmark = pytest.mark.django_db


def game_page(user: Any, game: Game) -> str:
    response = client_for(user).get(reverse("game", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def drawn_with(html: str) -> dict[str, str]:
    box = re.search(r'<div class="live-notices" id="live-notices"([^>]*)>', html)
    assert box, "the game page has its notices"
    return dict(re.findall(r'data-([\w-]+)="([^"]*)"', box[1]))


def status_of(user: Any, game: Game) -> dict[str, Any]:
    games = client_for(user).get(reverse("dashboard_status")).json()["games"]
    return next(row for row in games if row["id"] == game.pk)


@pytest.fixture
def table() -> Table:
    return make_table()


def test_it_draws_hidden_notices_and_what_the_page_was_drawn_with(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "FRANCE", ["ENGLAND"], "Hello.")
    html = game_page(table.players["ENGLAND"], game)
    drawn = drawn_with(html)
    assert drawn["unread"] == "1"
    assert drawn["phase"] == open_phase(game).label and drawn["status"] == "active"
    assert drawn["status-url"] == reverse("dashboard_status")
    assert drawn["poll-seconds"] == "30"
    assert '<p class="notice" id="new-results" hidden>' in html
    assert '<p class="notice" id="new-press" hidden>' in html
    # Within the Content-Security-Policy: the behaviour is a file, no inline script.
    assert re.search(r'<script src="[^"]*js/live_notices[^"]*\.js" defer></script>', html)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)


def test_the_status_tells_of_new_results_and_press(table: Table) -> None:
    game = press_game(table, "white")
    england = table.players["ENGLAND"]
    drawn = drawn_with(game_page(england, game))
    before = status_of(england, game)
    assert (before["phase"], before["status"], before["unread"]) == (drawn["phase"], "active", 0)
    send(game, table, "FRANCE", ["ENGLAND"], "One.")
    send(game, table, "GERMANY", ["ENGLAND", "ITALY"], "Two.")
    assert status_of(england, game)["unread"] == 2
    pass_deadline(open_phase(game))
    sweep_deadlines()
    after = status_of(england, game)
    assert after["phase"] != drawn["phase"] and after["phase"] == open_phase(game).label


def test_the_poll_interval_is_a_setting(table: Table, settings: Any) -> None:
    settings.LIVE_POLL_SECONDS = 2
    game = press_game(table, "white")
    assert drawn_with(game_page(table.players["ENGLAND"], game))["poll-seconds"] == "2"
    dashboard = client_for(table.players["ENGLAND"]).get(reverse("dashboard")).content.decode()
    assert 'data-poll-seconds="2"' in dashboard
