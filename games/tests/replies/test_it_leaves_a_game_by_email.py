"""LEAVE GAME by reply: the seat opens, through the same action as the web;
a lone LEAVE is refused, naming the full command."""

from __future__ import annotations

import pytest

from games.models import Game
from games.tests.replies.conftest import answers_to, seat_address, send
from postoffice.models import OutboxMessage
from tests.plain_text import says

pytestmark = pytest.mark.django_db


def reply(game: Game, power: str, body: str) -> None:
    send(body, f"{power.lower()}@example.org", seat_address(game, power))


def test_leave_game_opens_the_seat_and_answers(game):
    address = seat_address(game, "GERMANY")
    send("LEAVE GAME", "germany@example.org", address)
    assert game.open_seats.filter(power="GERMANY", taken__isnull=True).exists()
    assert not game.active_seats().filter(power="GERMANY").exists()
    body = answers_to("germany@example.org")[0].body
    assert "You have left the game: Germany is open to a new player." in body
    farewell = OutboxMessage.objects.get(game=game, kind=OutboxMessage.Kind.FAREWELL)
    assert farewell.context["how"] == "left"


def test_a_lone_leave_is_refused(game):
    reply(game, "GERMANY", "Leave")
    assert not game.open_seats.exists()
    body = answers_to("germany@example.org")[0].body
    assert says(body, "to leave the game, write LEAVE GAME on a line of its own")


def test_the_game_master_cannot_leave_by_email(game):
    from games.replies.addresses import reply_address_of_game_master

    send("LEAVE GAME", "gm@example.org", reply_address_of_game_master(game))
    assert not game.open_seats.exists()
    body = answers_to("gm@example.org")[0].body
    assert 'could not use "LEAVE GAME"' in body


def test_the_answer_to_leave_shows_nothing_of_the_seat(game, phase):
    reply(game, "GERMANY", "A Mun - Ruh")
    answers_to("germany@example.org")
    reply(game, "GERMANY", "LEAVE GAME")
    body = answers_to("germany@example.org")[0].body
    assert "You no longer play in this game." in body
    assert "A MUN" not in body.split("> LEAVE GAME")[1]
    assert "Your orders now standing" not in body
