"""The join gate: a game's minimum reliability or rating, for newcomers from
the lobby (joining a forming game, taking an open seat). A refusal says what
is asked and where the player stands; the game master's invitations and
choices are not held to it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.models import Game
from standing.models import Figures
from standing.tests.played import player, start

pytestmark = pytest.mark.django_db


def with_figures(name: str, reliability: float | None, rating: float = 0.0):
    user = player(name)
    Figures.objects.create(user=user, reliability=reliability, rating=rating, owed=10, missed=2)
    return user


def forming(**asked) -> Game:
    game = actions.create_game(player("gm"), name="Asks", preset="standard", start_year=1901)
    Game.objects.filter(pk=game.pk).update(**asked)
    game.refresh_from_db()
    return game


def test_it_refuses_a_player_below_the_reliability_asked_and_says_where_they_stand():
    game = forming(min_reliability=90)
    with pytest.raises(actions.ActionError) as refused:
        actions.join(game, with_figures("shaky", 80.0))
    assert str(refused.value) == (
        "This game asks for a reliability of at least 90%; "
        "yours is 80% (2 of 10 deadlines missed, 0 seats left)."
    )


def test_it_refuses_a_player_with_no_record_when_a_reliability_is_asked():
    game = forming(min_reliability=50)
    with pytest.raises(actions.ActionError, match="you have no deadline on record yet"):
        actions.join(game, player("newbie"))


def test_it_lets_in_a_player_who_meets_both():
    game = forming(min_reliability=80, min_rating=3)
    seat = actions.join(game, with_figures("steady", 95.0, rating=4.5))
    assert seat.game_id == game.pk


def test_it_names_the_rating_asked():
    game = forming(min_rating=3)
    with pytest.raises(actions.ActionError, match=r"a rating of at least 3; yours is 1\.5"):
        actions.join(game, with_figures("low", 99.0, rating=1.5))


def test_it_holds_a_newcomer_taking_an_open_seat_and_tells_them_in_the_lobby():
    game, _, players = start(min_reliability=90)
    actions.leave_game(game, players["GERMANY"])
    client = Client()
    client.force_login(with_figures("shaky", 80.0))
    response = client.post(reverse("lobby_take", args=[game.pk]), {"power": "GERMANY"}, follow=True)
    assert "asks for a reliability of at least 90%; yours is 80%" in response.content.decode()
    assert game.open_seats.filter(taken__isnull=True).exists()
    actions.take_seat(game, with_figures("steady", 95.0), "GERMANY")
    assert not game.open_seats.filter(taken__isnull=True).exists()


def test_it_leaves_the_game_masters_choices_free():
    game, master, players = start(min_reliability=90)
    actions.leave_game(game, players["GERMANY"])
    seat = actions.give_seat(game, master, "GERMANY", player("friend"))
    assert seat.power == "GERMANY"
