"""No page grows with a player's history: the player's page, the ranking and
the lobby ask as many queries for a player with forty finished games as for
one with two."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import actions
from games.models import Game
from standing.figures import rebuild
from standing.models import Outcome, Stint
from standing.tests.played import player

pytestmark = pytest.mark.django_db


def history(user, master, games: int) -> None:
    """Finished games of seven, the user France in each, as the facts record them."""
    others = [player(f"other{n}") for n in range(6)]
    now = timezone.now()
    for number in range(games):
        game = actions.create_game(master, name=f"G{number}", preset="standard", start_year=1901)
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished=now)
        seated = [(user, Outcome.WON), *((other, Outcome.SURVIVED) for other in others)]
        Stint.objects.bulk_create(
            Stint(
                user=who,
                game=game,
                power=f"P{i}",
                started=now,
                outcome=end,
                revealed=True,
                finished=now,
                owed=10,
                missed=i % 2,
            )
            for i, (who, end) in enumerate(seated)
        )
    rebuild()


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.fixture
def reader() -> Client:
    client = Client()
    client.force_login(player("reader"))
    return client


def test_a_players_page_asks_the_same_queries_for_forty_games_as_for_two(reader):
    master = player("master")
    short, long = player("short"), player("long")
    history(short, master, 2)
    history(long, master, 40)
    pages = [reverse("player", args=[who.username]) for who in (short, long)]
    queries(reader, pages[0])  # the session and caches warmed alike
    assert queries(reader, pages[0]) == queries(reader, pages[1])


@pytest.mark.parametrize("page", ["ranking", "lobby"])
def test_it_asks_the_same_queries_after_forty_more_games(reader, page):
    master = player("master")
    history(player("short"), master, 2)
    queries(reader, reverse(page))
    before = queries(reader, reverse(page))
    history(player("long"), master, 40)
    assert queries(reader, reverse(page)) == before
