"""send_press and the game master's switch: each press mode's rule, when press
is open, and every check on what a player sends."""

from __future__ import annotations

import pytest

from games import actions
from games.actions import ActionError
from games.models import Game
from games.press.models import ANONYMOUS, EVERYONE
from games.tests.web.conftest import Personas, forming_game, start
from games.tests.web.press_game import make_table, press_game

pytestmark = pytest.mark.django_db


def send_as(game: Game, people: Personas, shown_as: str, to=("GERMANY",), body="Hello."):
    return actions.send_press(game, people.player, "FRANCE", list(to), body, shown_as)


def game_with_press(people: Personas, press_mode: str) -> Game:
    game = forming_game(people, press_mode=press_mode)
    start(game, people)
    return game


def test_white_press_is_always_signed(people: Personas) -> None:
    game = game_with_press(people, "white")
    assert send_as(game, people, "FRANCE").shown_as == "FRANCE"
    for other in (ANONYMOUS, "AUSTRIA"):
        with pytest.raises(ActionError, match=r"White press .* does not let you send as"):
            send_as(game, people, other)


def test_grey_press_may_be_anonymous(people: Personas) -> None:
    game = game_with_press(people, "grey")
    assert send_as(game, people, ANONYMOUS).shown_as == ANONYMOUS
    assert send_as(game, people, "FRANCE").shown_as == "FRANCE"
    with pytest.raises(ActionError, match="send as Austria"):
        send_as(game, people, "AUSTRIA")


def test_black_press_may_claim_any_power(people: Personas) -> None:
    game = game_with_press(people, "black")
    for shown_as in ("AUSTRIA", "GERMANY", "TURKEY", ANONYMOUS, "FRANCE"):
        message = send_as(game, people, shown_as)
        assert (message.shown_as, message.sender_power) == (shown_as, "FRANCE")
    with pytest.raises(ActionError, match="send as Prussia"):
        send_as(game, people, "PRUSSIA")


def test_gunboat_refuses_press(people: Personas) -> None:
    game = game_with_press(people, "none")
    with pytest.raises(ActionError, match="gunboat"):
        send_as(game, people, "FRANCE")
    with pytest.raises(ActionError, match="gunboat"):
        actions.set_press_open(game, people.gm, True)


def test_saari1898_is_always_black_press_and_anonymous(people: Personas) -> None:
    game = forming_game(people, "saari1898", start_year=1898, press_mode="white")
    assert (game.press_mode, game.anonymous, game.start_year) == ("black", True, 1898)


def test_press_is_closed_while_forming(people: Personas) -> None:
    game = forming_game(people)
    with pytest.raises(ActionError, match="Press opens when the game starts"):
        send_as(game, people, "FRANCE")


def test_press_stays_open_while_paused_and_closes_at_the_end(people: Personas, game) -> None:
    actions.pause_game(game, people.gm)
    assert send_as(game, people, "FRANCE").body == "Hello."
    game.refresh_from_db()
    actions.end_game(game, people.gm)
    with pytest.raises(ActionError, match="The game is over"):
        send_as(game, people, "FRANCE")


def test_the_game_master_closes_and_opens_press(people: Personas, game) -> None:
    actions.set_press_open(game, people.gm, False)
    with pytest.raises(ActionError, match="closed press"):
        send_as(game, people, "FRANCE")
    actions.set_press_open(game, people.gm, True)
    assert send_as(game, people, "FRANCE")
    assert list(game.log.filter(action="press").values_list("detail", flat=True)) == [
        "opened",
        "closed",
    ]
    with pytest.raises(ActionError, match="Only the game master"):
        actions.set_press_open(game, people.player, False)


def test_only_the_powers_player_sends_as_it(people: Personas, game) -> None:
    for user, power in ((people.other, "FRANCE"), (people.observer, "GERMANY"), (people.gm, "")):
        with pytest.raises(ActionError, match="You do not play"):
            actions.send_press(game, user, power, ["GERMANY"], "Hi.", power)


def test_recipients_are_powers_of_the_game(people: Personas, game) -> None:
    with pytest.raises(ActionError, match="Italy is not a power in this game"):
        send_as(game, people, "FRANCE", to=["GERMANY", "ITALY"])
    with pytest.raises(ActionError, match="Choose at least one other power"):
        send_as(game, people, "FRANCE", to=[])
    with pytest.raises(ActionError, match="Choose at least one other power"):
        send_as(game, people, "FRANCE", to=["FRANCE"])


def test_the_body_is_neither_empty_nor_too_long(people: Personas, game) -> None:
    with pytest.raises(ActionError, match="Write a message"):
        send_as(game, people, "FRANCE", body="  \n ")
    with pytest.raises(ActionError, match="5,001 characters long; at most 5,000"):
        send_as(game, people, "FRANCE", body="x" * 5001)
    assert send_as(game, people, "FRANCE", body="  Hi.\n").body == "Hi."


def test_everyone_means_every_other_seated_power() -> None:
    table = make_table()
    game = press_game(table, "white")
    message = actions.send_press(game, table.players["ITALY"], "ITALY", [EVERYONE], "Hi.", "ITALY")
    receivers = list(message.recipients.values_list("power", flat=True))
    assert message.broadcast
    assert receivers == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY"]


def test_a_sender_may_hide_among_the_recipients(people: Personas) -> None:
    game = game_with_press(people, "black")
    message = send_as(game, people, "AUSTRIA", to=["GERMANY", "FRANCE"])
    assert list(message.recipients.values_list("power", flat=True)) == ["FRANCE", "GERMANY"]


def test_a_message_belongs_to_the_phase_it_was_sent_in(people: Personas, game) -> None:
    assert send_as(game, people, "FRANCE").phase == game.current_phase()
