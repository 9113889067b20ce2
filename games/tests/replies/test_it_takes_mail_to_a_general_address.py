"""A player in several games writes to one general address (Gmail, a new
message, not a reply) and names the game on the first line: GAME Second."""

from __future__ import annotations

import pytest
from django.core import mail

from games import actions
from games.replies.addresses import person_address
from games.tests.replies.clients import client_mail, send_client_mail
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, sheet_of
from postoffice.inbound.handler import handle_message

SENDER = "england@example.org"


@pytest.fixture
def second(game_and_players):
    _, master, players = game_and_players
    other = actions.create_game(master, name="Second", preset="dc2005", start_year=1901)
    for power, user in players.items():
        actions.join(other, user, [power])
    actions.assign_powers(other, master, by_preference=True)
    actions.start_game(other, master)
    return other


def test_the_named_game_gets_the_orders(game, second, game_and_players):
    england = game_and_players[2]["ENGLAND"]
    handled = send_client_mail("gmail_general_address.eml", SENDER, person_address(england))
    assert handled.outcome == "accepted", handled.reason
    assert sorted(sheet_of(second.phases.get(ordinal=1), "ENGLAND")) == sorted(ENGLISH_OPENING)
    assert sheet_of(game.phases.get(ordinal=1), "ENGLAND") == []
    assert "Second, England: your email, line by line." in answers_to(SENDER)[0].body


def test_without_a_game_named_the_player_is_told_how(game, second, game_and_players):
    england = game_and_players[2]["ENGLAND"]
    raw = client_mail("gmail_general_address.eml", SENDER, person_address(england))
    raw = raw.replace(b"GAME Second\r\n", b"").replace(b"<div>GAME Second</div>", b"")
    mail.outbox = []
    assert handle_message(raw, "pipe").outcome == "refused"
    told = [m for m in mail.outbox if m.to == [SENDER]]
    assert len(told) == 1 and "GAME and its name or number" in told[0].body


def test_a_stranger_cannot_use_it(game, second, game_and_players):
    england = game_and_players[2]["ENGLAND"]
    handled = send_client_mail(
        "gmail_general_address.eml", "mallory@example.org", person_address(england)
    )
    assert handled.outcome == "refused"
    assert sheet_of(second.phases.get(ordinal=1), "ENGLAND") == []
