"""Practice games against caretakers are for confirmed accounts only: a new,
unconfirmed account gets no practice game, and so no game to play with a
play token either (which it could not make: api/tests/test_it_guards_making_a_token)."""

from __future__ import annotations

from html import unescape

from django.contrib.auth import get_user_model

from games.models import Game
from games.tests.web.conftest import PASSWORD, Personas, client_for
from postoffice.actions import confirm_address


def practise(user):
    return client_for(user).post("/games/practice/", {"preset": "dc2005", "power": "FRANCE"})


def test_an_unconfirmed_account_starts_no_practice_game(people: Personas) -> None:
    newcomer = get_user_model().objects.create_user("newcomer", "new@example.com", PASSWORD)
    answer = practise(newcomer)
    assert answer.status_code == 200
    assert "Confirm your account's address first" in unescape(answer.content.decode())
    assert not Game.objects.filter(practice_player=newcomer).exists()
    assert not Game.objects.filter(seats__user=newcomer).exists()


def test_once_confirmed_it_may(people: Personas) -> None:
    newcomer = get_user_model().objects.create_user("newcomer", "new@example.com", PASSWORD)
    confirm_address(newcomer, "new@example.com")
    assert practise(newcomer).status_code == 302
    assert Game.objects.filter(practice_player=newcomer).count() == 1
