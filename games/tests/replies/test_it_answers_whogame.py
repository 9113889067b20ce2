"""njudge's WHOGAME: who plays which power, where the game shows it (the
start email names the players unless the game is anonymous), and nothing of
how a power fares, which fog may hide."""

from __future__ import annotations

import pytest

from games.models import Game, Seat
from games.tests.replies.clients import send_round_three
from games.tests.replies.conftest import answers_to, send
from tests.plain_text import says

pytestmark = pytest.mark.django_db
SENDER = "england@example.org"


def whogame_answer(england: str) -> str:
    answers_to(SENDER)  # the start emails, out of the way
    send_round_three("thunderbird_whogame.eml", SENDER, england)
    (answer,) = answers_to(SENDER)
    return str(answer.body)


def test_it_names_each_power_and_its_player(game, phase, england, game_and_players):
    body = whogame_answer(england)
    assert "NOT DONE" not in body, body
    for power, user in game_and_players[2].items():
        assert f"  {power.title()}: {user.get_username()}\n" in body
    assert says(body, "> WHOGAME Fogbound\n   Who plays which power in Fogbound:")


def test_an_anonymous_game_names_nobody(game, phase, england, game_and_players):
    Game.objects.filter(pk=game.pk).update(anonymous=True)
    body = whogame_answer(england)
    assert says(body, 'NOT DONE: could not use "WHOGAME": this game is anonymous')
    turkey = game_and_players[2]["TURKEY"].get_username()
    assert turkey not in body


def test_the_game_master_of_an_anonymous_game_sees_who_plays(
    game, phase, game_master_address, game_and_players
):
    Game.objects.filter(pk=game.pk).update(anonymous=True)
    send("WHOGAME", "gm@example.org", game_master_address)
    (answer,) = answers_to("gm@example.org")
    assert f"Turkey: {game_and_players[2]['TURKEY'].get_username()}" in answer.body


@pytest.mark.parametrize("status", [Seat.Status.ELIMINATED, Seat.Status.CIVIL_DISORDER])
def test_how_another_power_fares_changes_nothing(game, phase, england, status):
    """Two worlds: Turkey playing on, or Turkey out or in disorder (which fog
    may hide from England); England's answer is the same."""
    playing = plain_whogame(england, "playing")
    Seat.objects.filter(game=game, power="TURKEY").update(status=status)
    assert plain_whogame(england, "out") == playing


def plain_whogame(england: str, name: str) -> str:
    answers_to(SENDER)
    send("WHOGAME", SENDER, england, message_id=f"<{name}@client.example.org>")
    (answer,) = answers_to(SENDER)
    return str(answer.body)
