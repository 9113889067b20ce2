"""The start email gives the power its units, its centres and its map, from
its own opening record, so a player by email can order the first phase; and
another power's centres it cannot see read "none seen", not "none"."""

from __future__ import annotations

import pytest

from adjudication.record import Knowledge
from games.emails.position import position_lines
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


def test_another_powers_centres_unseen_read_none_seen_not_none():
    knowledge = Knowledge(
        power="ENGLAND",
        phase="S1901M",
        sees=("NTH",),
        units={"ENGLAND": ("F NTH",), "RUSSIA": ("F NWY",)},
        centers={"ENGLAND": ("LON",)},
    )
    lines = position_lines(knowledge, "ENGLAND")
    assert "  Russia: units F NWY; centres none seen" in lines
