"""Unread press is counted per game and per thread, from the player's own
rows only: on the game page (the Press tab and the phase's press beside the
map), on the dashboard, and in games/status.json; opening a thread on the
web reads it, an email does not."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games import actions
from games.tests.web.conftest import client_for
from games.tests.web.press_game import Table, make_table, press_game, send
from postoffice.models import OutboxMessage

pytestmark = pytest.mark.django_db


def get(user: Any, name: str, *args: Any, query: str = "") -> str:
    response = client_for(user).get(reverse(name, args=args) + query)
    assert response.status_code == 200
    return response.content.decode()


TAB_BADGE = re.compile(r'<span class="badge unread-count" id="press-unread"( hidden)?>([^<]*)<')


def tab_count(html: str) -> str:
    found = TAB_BADGE.search(html)
    assert found, "the Press tab has its unread badge"
    return "" if found[1] else found[2]


def status_unread(user: Any, game: Any) -> int:
    games = client_for(user).get(reverse("dashboard_status")).json()["games"]
    return next(row["unread"] for row in games if row["id"] == game.pk)


@pytest.fixture
def table() -> Table:
    return make_table()


def test_it_counts_unread_press_on_the_game_page(table: Table) -> None:
    game = press_game(table, "white")
    england = table.players["ENGLAND"]
    assert tab_count(get(england, "game", game.pk)) == ""
    send(game, table, "FRANCE", ["ENGLAND"], "One.")
    send(game, table, "GERMANY", ["EVERYONE"], "All of you.")
    html = get(england, "game", game.pk)
    assert tab_count(html) == "2 unread"
    assert 'data-unread="2"' in html
    beside = html.split('id="phase-press"', 1)[1].split("</section>", 1)[0]
    assert "One." in beside and "All of you." in beside and beside.count("new-mark") == 2
    assert "?thread=FRANCE" in beside and "?thread=EVERYONE" in beside
    # The game page shows the phase's press; it reads nothing by showing it.
    assert tab_count(get(england, "game", game.pk)) == "2 unread"
    get(england, "game_press", game.pk, query="?thread=EVERYONE")
    assert tab_count(get(england, "game", game.pk)) == "1 unread"


def test_it_counts_per_game_on_the_dashboard_and_in_its_status(table: Table) -> None:
    game = press_game(table, "grey")
    other = press_game(table, "white", name="Second")
    send(game, table, "FRANCE", ["ENGLAND"], "One.", "ANONYMOUS")
    send(game, table, "FRANCE", ["ENGLAND"], "Two.")
    send(other, table, "ITALY", ["ENGLAND"], "Elsewhere.")
    england = table.players["ENGLAND"]
    html = get(england, "dashboard")
    assert sorted(re.findall(r">(\d+) unread</a>", html)) == ["1", "2"]
    assert status_unread(england, game) == 2 and status_unread(england, other) == 1
    get(england, "game_press", game.pk, query="?thread=ANONYMOUS")
    assert status_unread(england, game) == 1 and status_unread(england, other) == 1
    # France wrote them: France has nothing unread, and the GM's rows count nothing.
    assert status_unread(table.players["FRANCE"], game) == 0
    assert status_unread(table.gm, game) == 0


def test_it_counts_only_the_viewers_own_press(table: Table) -> None:
    """Germany writing to Italy changes none of England's counts or notices."""
    quiet, busy = press_game(table, "black"), press_game(table, "black", name="Busy")
    for number in range(3):
        send(busy, table, "GERMANY", ["ITALY"], f"Secret {number}.", "ENGLAND")
    england = table.players["ENGLAND"]
    assert status_unread(england, quiet) == status_unread(england, busy) == 0
    assert tab_count(get(england, "game", busy.pk)) == ""
    assert status_unread(table.players["ITALY"], busy) == 3


def test_an_email_does_not_count_as_read(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "FRANCE", ["ENGLAND"], "By mail too.")
    assert OutboxMessage.objects.filter(game=game, kind="press", power="ENGLAND").exists()
    assert status_unread(table.players["ENGLAND"], game) == 1


def test_a_new_player_of_the_power_inherits_its_marks(table: Table) -> None:
    game = press_game(table, "white")
    send(game, table, "FRANCE", ["ENGLAND"], "Before.")
    newcomer = make_table("-new").players["ENGLAND"]
    seat = game.active_seats().get(power="ENGLAND")
    actions.replace_player(game, table.gm, seat, newcomer)
    assert status_unread(newcomer, game) == 1
    get(newcomer, "game_press", game.pk, query="?thread=FRANCE")
    assert status_unread(newcomer, game) == 0
