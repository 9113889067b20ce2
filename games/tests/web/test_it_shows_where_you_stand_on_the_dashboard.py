"""The dashboard: each game with the power you play, its phase, a deadline
that counts down in the page, and your own state (no orders, orders in,
ready), read in the same few queries however many games."""

from __future__ import annotations

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas, forming_game, open_phase, start


def dashboard(people: Personas, who: str = "player") -> str:
    return people.client(who).get(reverse("dashboard")).content.decode()


def state_of(html: str) -> list[str]:
    return re.findall(r'<span class="badge order-state[^"]*">([^<]*)</span>', html)


def test_it_shows_the_power_and_the_state_of_your_orders(people: Personas, game: Game) -> None:
    html = dashboard(people)
    assert "you play <strong>France</strong>" in html
    assert state_of(html) == ["no orders"]
    assert "<span data-countdown>" in html
    actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Par - Bur"])
    assert state_of(dashboard(people)) == ["orders in"]
    actions.set_ready(open_phase(game), people.player, "FRANCE", True)
    assert state_of(dashboard(people)) == ["ready"]
    assert state_of(dashboard(people, "other")) == ["no orders"]  # Germany's own state only


def test_the_game_master_sees_no_state(people: Personas, game: Game) -> None:
    html = dashboard(people, "gm")
    assert "you are the game master" in html and state_of(html) == []


def test_it_reads_many_games_in_the_same_queries(people: Personas, game: Game) -> None:
    client = people.client("player")
    client.get(reverse("dashboard"))
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("dashboard"))
    for _ in range(3):
        start(forming_game(people), people)
    with CaptureQueriesContext(connection) as four:
        html = client.get(reverse("dashboard")).content.decode()
    assert state_of(html) == ["no orders"] * 4
    assert len(four) == len(one)


def status(people: Personas, who: str = "player") -> list[dict]:
    response = people.client(who).get(reverse("dashboard_status"))
    assert response.status_code == 200
    return response.json()["games"]


def test_its_status_follows_your_own_orders(people: Personas, game: Game) -> None:
    [row] = status(people)
    assert (row["id"], row["phase"], row["state"]) == (game.pk, "Spring 1901 movement", "no orders")
    assert row["deadline"] == open_phase(game).deadline.isoformat()
    actions.submit_orders(open_phase(game), people.player, "FRANCE", ["A Par - Bur"])
    assert status(people)[0]["state"] == "orders in"
    assert status(people, "other")[0]["state"] == "no orders"


def test_its_status_costs_the_same_queries_for_more_games(people: Personas, game: Game) -> None:
    client = people.client("player")
    client.get(reverse("dashboard_status"))
    with CaptureQueriesContext(connection) as one:
        client.get(reverse("dashboard_status"))
    for _ in range(3):
        start(forming_game(people), people)
    with CaptureQueriesContext(connection) as four:
        assert len(client.get(reverse("dashboard_status")).json()["games"]) == 4
    assert len(four) == len(one)
