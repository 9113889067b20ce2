"""Reliability in email: the start email lists the players with their
standing, except in an anonymous game, where it names no one; a newcomer's
catch-up email says nothing of who left a fog game's seat."""

from __future__ import annotations

import pytest

from games import actions
from postoffice.models import OutboxMessage
from standing.tests.played import play, player, start
from tests.twoworlds.mailtext import message_text

pytestmark = pytest.mark.django_db


def text_of(kind: str, user) -> str:
    return message_text(OutboxMessage.objects.get(kind=kind, user=user))


def test_it_lists_the_players_with_their_standing():
    _, _, players = start()
    text = text_of("game_start", players["FRANCE"])
    assert "England: england (no deadline on record yet)" in text


@pytest.mark.parametrize("preset", ["standard", "saari1898"])
def test_it_names_no_one_in_an_anonymous_game(preset):
    _, _, players = start(preset, anonymous=True)
    text = text_of("game_start", players["FRANCE"])
    for user in players.values():
        if user != players["FRANCE"]:
            assert user.username not in text
    assert "The players" not in text


def test_the_catch_up_says_nothing_of_who_left_a_fog_seat():
    game, _, players = start("dc2005")
    play(game, silent=("GERMANY",))
    actions.leave_game(game, players["GERMANY"])
    newcomer = player("newcomer")
    actions.take_seat(game, newcomer, "GERMANY")
    text = text_of("catch_up", newcomer)
    assert players["GERMANY"].email not in text
    for word in ("left", "reliab", "missed", "replac"):
        assert word not in text.lower()
