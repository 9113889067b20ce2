"""Games to watch: a list, for anyone signed in, of the games whose game
master lets non-members watch, each linked to its page; games closed to
watchers, and games still forming, are not listed."""

from __future__ import annotations

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.watch.test_it_lets_non_members_watch import watched_game
from games.tests.web.conftest import Personas, forming_game


def listing(people: Personas, who: str = "stranger") -> str:
    return people.client(who).get(reverse("games_to_watch")).content.decode()


def listed_names(html: str) -> list[str]:
    table = html[html.index('id="games-to-watch"') :] if 'id="games-to-watch"' in html else ""
    return re.findall(r'<a href="/games/\d+/">([^<]*)</a>', table)


def test_it_lists_a_game_open_to_watchers_with_its_phase(people: Personas) -> None:
    game = watched_game(people)
    html = listing(people)
    assert listed_names(html) == ["Test game"]
    assert f'href="/games/{game.pk}/"' in html and "Spring 1901 movement" in html
    page = people.client("stranger").get(reverse("game", args=[game.pk]))
    assert page.status_code == 200


def test_it_leaves_out_games_closed_to_watchers_and_games_forming(people: Personas) -> None:
    watched_game(people, allowed=False)
    forming = forming_game(people)
    actions.set_spectators_allowed(forming, people.gm, True)
    assert listed_names(listing(people)) == []
    assert "No game may be watched just now." in listing(people)


def test_it_lists_many_games_in_one_query(people: Personas) -> None:
    for _ in range(3):
        watched_game(people)
    client = people.client("stranger")
    client.get(reverse("games_to_watch"))
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("games_to_watch"))
    watched_game(people)
    with CaptureQueriesContext(connection) as more:
        html = client.get(reverse("games_to_watch")).content.decode()
    assert len(listed_names(html)) == 4
    assert len(more) == len(few)


def test_it_asks_who_you_are_first(people: Personas) -> None:
    response = people.client("anonymous").get(reverse("games_to_watch"))
    assert response.status_code == 302 and "login" in response["Location"]
    assert Game.objects.count() == 0
