"""Messages within a battle by email: PRESS TO a side (or GM), the text, END, in a
reply; each named gets it in an email of its own, under the battle's press rule."""

from __future__ import annotations

from battles.actions.press import set_battle_press
from battles.models import Battle, BattleMessage
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up


def _battle(cast: Cast, mailbox: Mailbox, press: str) -> Battle:
    battle = set_up(cast, [knight("R1", "Red", "c3", hp=9), knight("B1", "Blue", "h5", hp=9)])
    set_battle_press(battle, cast.gm, press)
    mailbox.start(battle, cast.gm)
    return battle


def test_a_reply_writes_to_a_side_and_the_game_master(cast: Cast, mailbox: Mailbox) -> None:
    _battle(cast, mailbox, "open")
    body = "PRESS TO BLUE GM\nShall we parley at the ford?\nEND"
    answer = mailbox.reply(cast.red, "begins", body).body
    assert "Sent to Blue, the game master." in answer
    for user in (cast.blue, cast.gm):
        mail = mailbox.last_to(user, "a message from Red")
        assert "Shall we parley at the ford?" in mail.body
    assert mailbox.to(cast.red, "a message from") == []
    assert BattleMessage.objects.count() == 2


def test_no_press_refuses_the_message_by_email(cast: Cast, mailbox: Mailbox) -> None:
    _battle(cast, mailbox, "none")
    answer = mailbox.reply(cast.red, "begins", "PRESS TO BLUE\nhello\nEND").body
    assert "This battle has no messages" in answer
    assert not BattleMessage.objects.exists()
