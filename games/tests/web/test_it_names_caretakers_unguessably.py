"""The caretaker's accounts (and a practice game's game master) have random
names: nobody can take one first by signing up under the name a game's next
caretaker would get, and a name already taken is never a 500."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model

from games import actions
from games.actions import caretakers
from games.models import Game
from games.seats.models import CaretakerSeat
from games.tests.web.conftest import client_for, forming_game

RANDOM_NAME = re.compile(r"^(caretaker|practice)-[0-9a-f]{16,}$")


def caretaker_names(game: Game) -> list[str]:
    seats = CaretakerSeat.objects.filter(game=game)
    return sorted(seats.values_list("seat__user__username", flat=True))


def test_a_name_the_old_scheme_would_give_takes_nothing(people):
    """Once, the caretaker of Austria in game 12 was `caretaker-12-austria-1`:
    a person who signed up under it made the start answer 500, every time."""
    game = forming_game(people, preset="dc2005")
    for power in game.powers:
        get_user_model().objects.create_user(f"caretaker-{game.pk}-{power.lower()}-1")
    answer = client_for(people.gm).post(f"/games/{game.pk}/console/start-with-caretakers/")
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert len(caretaker_names(game)) == 5


def test_each_caretaker_has_a_random_name_of_its_own(people):
    game = forming_game(people, preset="dc2005")
    actions.start_with_caretakers(game, people.gm)
    names = caretaker_names(game)
    assert all(RANDOM_NAME.match(name) for name in names), names
    assert len(set(names)) == len(names)
    assert not any(f"-{game.pk}-" in name for name in names)


def test_a_practice_games_master_has_a_random_name(people):
    game = actions.start_practice_game(people.player, "standard", "FRANCE")
    assert RANDOM_NAME.match(game.game_master.username)


def test_a_name_drawn_twice_is_drawn_again(people, monkeypatch):
    """A random name already taken (a person's, from before the prefix was
    reserved): the next draw is used, never an error."""
    get_user_model().objects.create_user(f"caretaker-{'0' * 16}")
    draws = iter(["0" * 16, "1" * 16])
    monkeypatch.setattr(caretakers.secrets, "token_hex", lambda size: next(draws))
    made = caretakers.caretaker_account()
    assert made.username == f"caretaker-{'1' * 16}"
    assert not made.has_usable_password() and made.email == ""
