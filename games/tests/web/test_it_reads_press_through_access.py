"""games.access for press: one test per branch of who reads what."""

from __future__ import annotations

import pytest
from django.http import Http404

from games import actions
from games.access import (
    access_game,
    access_press,
    access_press_message,
    access_press_powers,
    access_press_signatures,
)
from games.models import Game
from games.tests.web.conftest import Personas, forming_game, start
from games.tests.web.press_game import Table, make_table, press_game

pytestmark = pytest.mark.django_db


def talk(table: Table, game: Game) -> None:
    """France writes to England as Austria; Germany to Russia; Italy to everyone."""
    send = actions.send_press
    send(game, table.players["FRANCE"], "FRANCE", ["ENGLAND"], "From Paris.", "AUSTRIA")
    send(game, table.players["GERMANY"], "GERMANY", ["RUSSIA"], "From Berlin.", "GERMANY")
    send(game, table.players["ITALY"], "ITALY", ["EVERYONE"], "From Rome.", "ANONYMOUS")


def bodies(user, game: Game, correspondent: str = "") -> list[str]:
    return [line.body for line in access_press(access_game(user, game.pk), correspondent)]


@pytest.fixture
def table() -> Table:
    return make_table()


@pytest.fixture
def black_game(table: Table) -> Game:
    game = press_game(table, "black")
    talk(table, game)
    return game


def test_the_game_master_reads_everything_with_true_senders(table, black_game) -> None:
    lines = access_press(access_game(table.gm, black_game.pk))
    assert [(line.sender, line.true_sender) for line in lines] == [
        ("Anonymous", "Italy (italy)"),
        ("Germany", "Germany (germany)"),
        ("Austria", "France (france)"),
    ]


def test_a_player_reads_what_their_power_received(table, black_game) -> None:
    lines = access_press(access_game(table.players["ENGLAND"], black_game.pk))
    assert [(line.body, line.sender, line.true_sender) for line in lines] == [
        ("From Rome.", "Anonymous", ""),
        ("From Paris.", "Austria", ""),
    ]


def test_a_player_reads_what_they_sent_as_theirs(table, black_game) -> None:
    (sent, received) = access_press(access_game(table.players["FRANCE"], black_game.pk))[::-1]
    assert (sent.body, sent.true_sender, sent.outgoing) == ("From Paris.", "you", True)
    assert (received.body, received.outgoing) == ("From Rome.", False)


def test_a_player_reads_nothing_between_others(table, black_game) -> None:
    assert "From Berlin." not in bodies(table.players["ENGLAND"], black_game)
    assert "From Berlin." not in bodies(table.players["AUSTRIA"], black_game)


def test_an_observer_reads_no_press(people: Personas, game: Game) -> None:
    actions.send_press(game, people.player, "FRANCE", ["EVERYONE"], "All hear.", "FRANCE")
    assert bodies(people.observer, game) == []
    assert bodies(people.other, game) == ["All hear."]


def test_a_stranger_reads_nothing(people: Personas, game: Game) -> None:
    with pytest.raises(Http404):
        access_game(people.stranger, game.pk)


def test_nobody_reads_press_in_a_gunboat_game(people: Personas) -> None:
    game = forming_game(people, press_mode="none")
    start(game, people)
    for user in (people.gm, people.player):
        with pytest.raises(Http404):
            access_press(access_game(user, game.pk))


def test_a_conversation_goes_by_the_signature_not_the_true_sender(table, black_game) -> None:
    england = table.players["ENGLAND"]
    assert bodies(england, black_game, "AUSTRIA") == ["From Paris."]
    assert bodies(england, black_game, "FRANCE") == []
    assert bodies(table.players["FRANCE"], black_game, "ENGLAND") == ["From Paris."]


def test_the_game_masters_conversation_goes_by_the_true_sender(table, black_game) -> None:
    assert bodies(table.gm, black_game, "FRANCE") == ["From Rome.", "From Paris."]


def test_one_message_is_read_only_by_those_who_may(table, black_game) -> None:
    message = black_game.press.get(body="From Paris.")
    england = access_game(table.players["ENGLAND"], black_game.pk)
    assert access_press_message(england, message.token).sender == "Austria"
    with pytest.raises(Http404):
        access_press_message(access_game(table.players["RUSSIA"], black_game.pk), message.token)


def test_recipients_show_everyone_or_the_powers_chosen(table, black_game) -> None:
    lines = access_press(access_game(table.players["ENGLAND"], black_game.pk))
    assert [line.to for line in lines] == ["Everyone", "England"]


def test_a_player_signs_as_the_mode_allows(people: Personas) -> None:
    signatures = {}
    for mode in ("white", "grey", "black"):
        game = forming_game(people, press_mode=mode, name=mode)
        start(game, people)
        viewer = access_game(people.player, game.pk)
        signatures[mode] = (access_press_signatures(viewer), access_press_powers(viewer))
    assert signatures["white"] == (["FRANCE"], ["GERMANY"])
    assert signatures["grey"] == (["FRANCE", "ANONYMOUS"], ["FRANCE", "GERMANY"])
    assert signatures["black"][0][0] == "FRANCE"
    assert len(signatures["black"][0]) == 8
