"""A player in several games writes to one general address (Gmail, a new
message, not a reply) and names the game on the first line: GAME Second."""

from __future__ import annotations

import pytest
from django.core import mail

from games import actions
from games.models import LogEntry
from games.replies.addresses import person_address
from games.tests.replies.clients import client_mail, send_client_mail
from games.tests.replies.conftest import ENGLISH_OPENING, answers_to, send, sheet_of
from postoffice.inbound.handler import handle_message
from postoffice.inbound.models import InboundMessage

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


def test_a_member_without_a_power_is_never_taken_for_the_game_master(game_and_players):
    """A person who joined a game not yet started holds no power there: mail
    naming that game is refused, saying so, not answered as its game master's."""
    _, master, players = game_and_players
    england = players["ENGLAND"]
    forming = actions.create_game(master, name="Forming", preset="dc2005", start_year=1901)
    actions.join(forming, england, ["ENGLAND"])  # a member; powers are not assigned yet
    handled = send("GAME Forming\nPAUSE\n", SENDER, person_address(england))
    assert handled.outcome == "refused"
    assert "no power in Forming" in handled.reason
    assert not InboundMessage.objects.filter(game=forming).exists()
    assert not LogEntry.objects.filter(game=forming, actor=england).exists()


def test_a_player_writes_as_the_power_it_holds(game, game_and_players):
    england = game_and_players[2]["ENGLAND"]
    handled = send(f"GAME {game.name}\nREADY\n", SENDER, person_address(england))
    assert handled.outcome == "accepted", handled.reason
    assert InboundMessage.objects.get(game=game).power == "ENGLAND"


def test_the_game_master_is_still_the_game_master(game, game_and_players):
    _, master, _ = game_and_players
    handled = send(f"GAME {game.name}\nPAUSE\n", master.email, person_address(master))
    assert handled.outcome == "accepted", handled.reason
    assert InboundMessage.objects.get(game=game).power == ""
