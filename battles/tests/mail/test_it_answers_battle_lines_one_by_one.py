"""A reply that cannot be read is answered line by line: each bad line quoted,
with its number and the word; nothing is sent and the turn stays open. A good
activation is submitted as the web form submits it, and acknowledged."""

from __future__ import annotations

from typing import Any

import pytest

from battles.models import Battle, BattleLogEntry, BattleTurn
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up


@pytest.fixture
def battle(cast: Cast, mailbox: Mailbox) -> Battle:
    battle = set_up(cast, [knight("R1", "Red", "c3", hp=9), knight("B1", "Blue", "d3", hp=9)])
    mailbox.start(battle, cast.gm)
    battle.refresh_from_db()
    return battle


def to_act(cast: Cast, battle: Battle) -> tuple[Any, str, str]:
    """The player whose turn it is, their token, and the other side's player."""
    turn = battle.open_turn()
    assert turn is not None
    if turn.side == "Red":
        return cast.red, "R1", "blue"
    return cast.blue, "B1", "red"


def test_each_bad_line_is_named_and_nothing_is_sent(
    cast: Cast, mailbox: Mailbox, battle: Battle
) -> None:
    player, token, _ = to_act(cast, battle)
    body = f"{token} move d4\n{token} chrage d3\nKnight-9 hold\n{token} attack"
    answer = mailbox.reply(player, "to act", body).body
    assert f"> {token} chrage d3\n   NOT DONE: line 2: 'chrage' is not an action" in answer
    assert "> Knight-9 hold\n   NOT DONE: line 3: 'Knight-9' is not one of your tokens" in answer
    assert f"> {token} attack\n   NOT DONE: line 4: attack needs a target" in answer
    assert f"> {token} move d4\n   {token} move d4\n" in answer  # the good line, quoted back
    assert "Nothing was sent" in answer
    turn = battle.turns.get(number=1)
    assert turn.status == BattleTurn.Status.OPEN and turn.text == ""
    assert not mailbox.to(player, "results for")


def test_a_good_activation_is_submitted_by_email_and_acknowledged(
    cast: Cast, mailbox: Mailbox, battle: Battle
) -> None:
    player, token, _ = to_act(cast, battle)
    answer = mailbox.reply(player, "to act", f"ORDERS\n{token} hold\n\nThanks,\nJan").body
    assert "Turn 1 is played" in answer and "Thanks" not in answer.split("Turn 1")[0]
    turn = battle.turns.get(number=1)
    assert turn.status == BattleTurn.Status.DONE and turn.text == f"{token} hold"
    assert turn.submitted_by == player
    assert BattleLogEntry.objects.filter(detail=f"turn 1 ({turn.side}) by email").exists()


def test_a_side_cannot_play_out_of_turn(cast: Cast, mailbox: Mailbox, battle: Battle) -> None:
    _, token, other = to_act(cast, battle)
    waiting = cast.user(other)
    other_token = "B1" if token == "R1" else "R1"
    answer = mailbox.reply(waiting, "begins", f"{other_token} hold").body
    assert "NOT DONE: It is not" in answer and "turn now" in answer
    assert battle.turns.get(number=1).status == BattleTurn.Status.OPEN


def test_help_lists_the_notation_and_press_is_refused_without_a_press_rule(
    cast: Cast, mailbox: Mailbox, battle: Battle
) -> None:
    player, _, _ = to_act(cast, battle)
    answer = mailbox.reply(player, "to act", "HELP\nPRESS TO Blue\nhello\nEND").body
    assert "Knight-1 charge c3 d3 Orc-2" in answer
    assert "This battle has no messages: the game master set no press." in answer


def test_the_game_master_processes_and_extends_by_email(
    cast: Cast, mailbox: Mailbox, battle: Battle
) -> None:
    deadline = battle.turns.get(number=1).deadline
    answer = mailbox.reply(cast.gm, "begins", "EXTEND 2 hours\nSTATUS").body
    assert "The deadline of turn 1 is extended by 2:00:00" in answer
    assert battle.turns.get(number=1).deadline > deadline
    answer = mailbox.reply(cast.gm, "begins", "PROCESS\nR1 hold").body
    assert "Turn 1" in answer and "is played with what was sent" in answer
    assert "NOT DONE: the game master sends no activation" in answer
    assert battle.turns.get(number=1).status == BattleTurn.Status.DONE
    assert Battle.objects.get().turns.count() == 2
