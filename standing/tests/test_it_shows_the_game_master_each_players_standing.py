"""The console: each player's reliability, and players to offer an open seat
(those meeting the game's minimum who never held a seat of it)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from standing.models import Figures
from standing.tests.played import play, player, start

pytestmark = pytest.mark.django_db


def console_of(game, master) -> str:
    client = Client()
    client.force_login(master)
    return client.get(reverse("console", args=[game.pk])).content.decode()


def test_it_shows_each_players_reliability():
    game, master, _ = start()
    play(game, silent=("TURKEY",))
    text = console_of(game, master)
    assert "reliability 0% (1 of 1 missed)" in text
    assert "reliability 100% (0 of 1 missed)" in text
    assert reverse("player", args=["turkey"]) in text


def test_it_suggests_only_players_who_meet_the_minimum():
    game, master, players = start(min_reliability=90)
    for name, reliability in (("steady", 98.0), ("shaky", 60.0)):
        Figures.objects.create(user=player(name), reliability=reliability, owed=50)
    actions.leave_game(game, players["GERMANY"])
    text = console_of(game, master).split('id="replacements"')[1].split("</ul>")[0]
    assert ">steady<" in text and ">shaky<" not in text and ">germany<" not in text


def test_the_game_master_sets_the_minimum_on_the_console():
    game, master, _ = start()
    client = Client()
    client.force_login(master)
    rules = {"in_lobby": "on", "open_seat_after": "0", "newcomer_extension": "0"}
    client.post(reverse("console_seat_rules", args=[game.pk]), {**rules, "min_reliability": "80"})
    game.refresh_from_db()
    assert (game.min_reliability, game.min_rating) == (80, None)
    answer = client.post(
        reverse("console_seat_rules", args=[game.pk]), {**rules, "min_reliability": "101"}
    )
    game.refresh_from_db()
    assert game.min_reliability == 80
    assert "less than or equal to 100" in client.get(answer.url).content.decode()
