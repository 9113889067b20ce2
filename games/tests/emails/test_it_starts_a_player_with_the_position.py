"""The start email gives the power its units, its centres and its map, from
its own opening record, so a player by email can order the first phase."""

from __future__ import annotations

import pytest

from postoffice.models import OutboxMessage
from postoffice.sending import outgoing_message

pytestmark = pytest.mark.django_db


def start_of(game, power: str):
    row = OutboxMessage.objects.get(game=game, kind="game_start", power=power)
    return outgoing_message(row)


def test_the_start_email_lists_units_and_centres_and_attaches_the_map(started_game):
    game = started_game[0]
    email = start_of(game, "ENGLAND")
    assert "Your units (3): " in email.body and "F LON" in email.body
    assert "Your centres (3): EDI, LON, LVP" in email.body
    assert "Your map is attached." in email.body
    assert b"image/png" in email.message().as_bytes()


def test_it_tells_each_power_its_own_position(started_game):
    germany = start_of(started_game[0], "GERMANY")
    assert "Your centres (3): BER, KIE, MUN" in germany.body
