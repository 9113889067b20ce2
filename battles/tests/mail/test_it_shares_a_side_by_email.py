"""A shared side by email (ruling B30): each player's reply activates their own
tokens; the answer says whether the turn is played or awaits the side's other
players; the reminder goes only to the players who have not sent their part."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from battles.actions.setup import assign_token
from battles.models import Battle, BattleTurn
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from postoffice.tasks import sweep_outbox
from tests.fixtures import confirmed_user


@pytest.fixture
def shared(cast: Cast, mailbox: Mailbox) -> tuple[BattleTurn, Any, Any]:
    """Both sides shared; the turn open, the side's player and the ally who holds R1 or B1."""
    tokens = [knight("R1", "Red", "c3", hp=9), knight("R2", "Red", "a1", hp=9)]
    tokens += [knight("B1", "Blue", "f3", hp=9), knight("B2", "Blue", "h5", hp=9)]
    battle = set_up(cast, tokens)
    allies = {"Red": confirmed_user("ally_red", "ally_red@example.org"),
              "Blue": confirmed_user("ally_blue", "ally_blue@example.org")}  # fmt: skip
    assign_token(battle, cast.gm, "R1", allies["Red"])
    assign_token(battle, cast.gm, "B1", allies["Blue"])
    mailbox.start(battle, cast.gm)
    turn = Battle.objects.get().open_turn()
    assert turn is not None
    return turn, cast.red if turn.side == "Red" else cast.blue, allies[turn.side]


def test_each_player_replies_with_their_own_tokens(
    mailbox: Mailbox, shared: tuple[BattleTurn, Any, Any]
) -> None:
    turn, owner, ally = shared
    own, ally_token = ("R2", "R1") if turn.side == "Red" else ("B2", "B1")
    refused = mailbox.reply(owner, "to act", f"{ally_token} hold").body
    assert f"'{ally_token}' is not one of your tokens" in refused
    first = mailbox.reply(owner, "to act", f"{own} hold").body
    assert "Your part of turn 1 is in" in first
    assert BattleTurn.objects.get(pk=turn.pk).status == BattleTurn.Status.OPEN
    second = mailbox.reply(ally, "to act", f"{ally_token} hold").body
    assert "Turn 1 is played: your results come in their own email" in second
    turn.refresh_from_db()
    assert turn.status == BattleTurn.Status.DONE
    assert turn.text == f"{own} hold\n{ally_token} hold"


def test_only_the_players_yet_to_send_are_reminded(
    mailbox: Mailbox, shared: tuple[BattleTurn, Any, Any]
) -> None:
    turn, owner, ally = shared
    mailbox.reply(owner, "to act", f"{'R2' if turn.side == 'Red' else 'B2'} hold")
    soon = timezone.now() + timedelta(hours=2)
    BattleTurn.objects.filter(pk=turn.pk).update(deadline=soon)
    mailbox.run(sweep_outbox)
    assert len(mailbox.to(ally, "reminder")) == 1
    assert mailbox.to(owner, "reminder") == []
