"""A battle's reply address names the battle, the side and the player, signed: a
reply from anyone else, to a tampered address, or to the address of a side the
player no longer plays changes nothing and gets the usual refusal."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils.timezone import now

from battles.actions.setup import assign_side
from battles.addresses import BattleAddressee, battle_reply_address
from battles.models import Battle, BattleTurn
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from games.tests.replies.conftest import letter
from postoffice.inbound.addresses import tokens_in
from postoffice.inbound.handler import addressee_of, handle_message
from postoffice.models import OutboxMessage
from tests.fixtures import confirmed_user


@pytest.fixture
def battle(cast: Cast, mailbox: Mailbox) -> Battle:
    battle = set_up(cast, [knight("R1", "Red", "c3", hp=9), knight("B1", "Blue", "d3", hp=9)])
    mailbox.start(battle, cast.gm)
    battle.refresh_from_db()
    return battle


def red_address(battle: Battle, cast: Cast) -> str:
    return battle_reply_address(battle, cast.red, "Red")


def test_the_address_names_the_side_and_the_player(cast: Cast, battle: Battle) -> None:
    (token,) = tokens_in([red_address(battle, cast)])
    assert addressee_of(token) == BattleAddressee(battle, cast.red, "Red")
    (gm,) = tokens_in([battle_reply_address(battle, cast.gm, "")])
    assert addressee_of(gm) == BattleAddressee(battle, cast.gm, "")
    assert battle_reply_address(battle, cast.blue, "Red") == ""  # not Blue's to use


def test_a_reply_from_another_address_is_refused(cast: Cast, battle: Battle) -> None:
    handled = handle_message(letter("R1 hold", "blue@example.org", red_address(battle, cast)), "t")
    assert handled.outcome == "refused"
    assert battle.turns.get(number=1).status == BattleTurn.Status.OPEN


def test_a_tampered_address_is_refused(cast: Cast, battle: Battle) -> None:
    forged = red_address(battle, cast).replace("-s", "-s9", 1)
    handled = handle_message(letter("R1 hold", "red@example.org", forged), "t")
    assert handled.outcome == "refused"


def test_a_player_moved_off_the_side_has_a_dead_address(cast: Cast, battle: Battle) -> None:
    old = red_address(battle, cast)
    assign_side(battle, cast.gm, "Red", confirmed_user("crimson", "crimson@example.org"))
    handled = handle_message(letter("R1 hold", "red@example.org", old), "t")
    assert handled.outcome == "refused"


def test_an_outbox_row_belongs_to_a_game_or_a_battle(cast: Cast, battle: Battle) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        OutboxMessage.objects.create(
            key="neither", kind="battle_start", to_email="x@example.org", next_attempt=now()
        )
