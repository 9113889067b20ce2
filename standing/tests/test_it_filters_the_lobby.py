"""The lobby's filters: rule set, press, deadline length, places to take, and
the minimum asked; a value that cannot be read is named."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.models import Game
from standing.tests.played import player, start

pytestmark = pytest.mark.django_db


def forming(name: str, **settings) -> Game:
    game = actions.create_game(player("gm"), name=name, preset="standard", start_year=1901)
    Game.objects.filter(pk=game.pk).update(**settings)
    return game


@pytest.fixture
def games():
    forming("Plain")
    forming("Fogged", preset="dc2005")
    forming("Gunboat", press_mode="none")
    forming("Quick", movement_minutes=12 * 60)
    forming("Picky", min_reliability=90, min_rating=5)
    running, _, players = start(suffix="r")
    Game.objects.filter(pk=running.pk).update(name="Running")
    actions.leave_game(running, players["GERMANY"])


def listed(query: str) -> set[str]:
    text = Client().get(reverse("lobby") + query).content.decode()
    names = ("Plain", "Fogged", "Gunboat", "Quick", "Picky", "Running")
    return {name for name in names if f"<td>{name}</td>" in text}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", {"Plain", "Fogged", "Gunboat", "Quick", "Picky", "Running"}),
        ("?rules=dc2005", {"Fogged"}),
        ("?press=none", {"Gunboat"}),
        ("?hours=24", {"Quick"}),
        ("?places=2", {"Plain", "Fogged", "Gunboat", "Quick", "Picky"}),
        ("?reliability=80", {"Picky"}),
        ("?rating=5", {"Picky"}),
        ("?rating=6", set()),
        ("?rules=standard&press=white", {"Plain", "Quick", "Picky", "Running"}),
    ],
)
def test_it_lists_only_the_games_that_pass(games, query, expected):
    assert listed(query) == expected


def test_it_names_a_value_it_cannot_read_and_leaves_that_filter_off(games):
    text = Client().get(reverse("lobby") + "?rules=chess&hours=soon").content.decode()
    assert "chess&#34; is not a rule set: choose one of standard, dc2005" in text
    assert "longest deadline in hours must be a whole number from 1 to 720" in text
    assert "<td>Fogged</td>" in text


def test_it_shows_what_each_game_asks(games):
    text = Client().get(reverse("lobby") + "?rating=5").content.decode()
    assert "reliability ≥ 90%, rating ≥ 5" in text
