"""The lobby: games forming (to join) and games under way with an open seat;
a centre count only where every player sees every centre."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas, forming_game, start


def lobby(people: Personas, who: str = "anonymous") -> str:
    return people.client(who).get(reverse("lobby")).content.decode()


def test_it_lists_forming_games_with_their_join_link(people: Personas) -> None:
    game = forming_game(people, name="Gathering")
    html = lobby(people, "stranger")
    assert "Gathering" in html
    assert reverse("join", args=[game.join_token]) in html


def test_it_lists_only_games_with_an_open_seat_once_under_way(people: Personas) -> None:
    game = forming_game(people, name="Running")
    start(game, people)
    assert "Running" not in lobby(people)
    actions.open_seat(game, people.gm, "ITALY")
    html = lobby(people)
    assert "Running" in html and "Italy" in html and "Spring 1901 movement" in html
    assert "Sign in</a> to take a seat" in html and "Take Italy" not in html


def test_it_shows_centres_only_in_full_information_games(people: Personas) -> None:
    plain = forming_game(people, name="Plain")
    start(plain, people)
    actions.open_seat(plain, people.gm, "ITALY")
    misty = forming_game(people, preset="dc2005", name="Misty")
    start(misty, people)
    actions.open_seat(misty, people.gm, "ITALY")
    html = lobby(people)
    plain_row = html.split("Plain")[1].split("</tr>")[0]
    misty_row = html.split("Misty")[1].split("</tr>")[0]
    assert "3 centres" in plain_row
    assert "centre" not in misty_row


def test_a_game_can_stay_out_of_the_lobby(people: Personas) -> None:
    game = forming_game(people, name="Private", in_lobby=False)
    assert "Private" not in lobby(people)
    start(game, people)
    actions.open_seat(game, people.gm, "ITALY")
    assert "Private" not in lobby(people)
    assert Game.objects.get(pk=game.pk).open_seats.count() == 1


def test_it_is_linked_from_the_nav_and_home(people: Personas) -> None:
    assert reverse("lobby") in people.client("anonymous").get(reverse("home")).content.decode()
    dashboard = people.client("player").get(reverse("dashboard")).content.decode()
    assert reverse("lobby") in dashboard
