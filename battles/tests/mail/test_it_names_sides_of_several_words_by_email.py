"""A side's name of several words ("Red Army") in PRESS TO and CONCEDE by email
(rulings B31, B28): read longest first or in double quotes, in any case; a name
that is no side is refused, naming it."""

from __future__ import annotations

from adjudication.battle import dice
from battles.actions import (
    Placement,
    Settings,
    assign_side,
    create_battle,
    place_token,
    set_battle_press,
)
from battles.models import Battle, BattleMessage
from battles.tests.mail.conftest import SEED, Cast, Mailbox
from tests.plain_text import says

BEGINS = "the battle begins"


def _battle(cast: Cast, mailbox: Mailbox, sides: tuple[str, ...]) -> Battle:
    battle = create_battle(cast.gm, Settings("Crossing", 8, 6, sides))
    Battle.objects.filter(pk=battle.pk).update(seed=SEED, commitment=dice.commitment(SEED))
    battle.refresh_from_db()
    for name, side, at in (("R1", sides[0], "a1"), ("B1", sides[1], "h6")):
        place_token(battle, cast.gm, Placement(name, side, at, 5, 1, 3, 2))
    assign_side(battle, cast.gm, sides[0], cast.red)
    assign_side(battle, cast.gm, sides[1], cast.blue)
    set_battle_press(battle, cast.gm, "open")
    mailbox.start(battle, cast.gm)
    return battle


def test_a_side_of_several_words_is_written_to_in_any_case(cast: Cast, mailbox: Mailbox) -> None:
    _battle(cast, mailbox, ("Red Army", "Blue Host"))
    answer = mailbox.reply(cast.blue, BEGINS, "press to red army\nParley at noon?\nEND").body
    assert "Sent to Red Army." in answer
    assert "Parley at noon?" in mailbox.last_to(cast.red, "a message from Blue Host").body


def test_quoted_names_and_the_game_master_together(cast: Cast, mailbox: Mailbox) -> None:
    _battle(cast, mailbox, ("Red Army", "Blue Host"))
    body = 'PRESS TO "Red Army", gm\nWe hold the ford.\nEND'
    assert "Sent to Red Army, the game master." in mailbox.reply(cast.blue, BEGINS, body).body
    assert BattleMessage.objects.count() == 2


def test_longest_first_tells_a_side_from_one_whose_name_begins_it(
    cast: Cast, mailbox: Mailbox
) -> None:
    _battle(cast, mailbox, ("Red", "Red Army"))
    answer = mailbox.reply(cast.red, BEGINS, "PRESS TO RED ARMY\nWho are you?\nEND").body
    assert "Sent to Red Army." in answer
    message = BattleMessage.objects.get()
    assert (message.from_side, message.to_side) == ("Red", "Red Army")


def test_an_unknown_name_is_refused_naming_it(cast: Cast, mailbox: Mailbox) -> None:
    _battle(cast, mailbox, ("Red Army", "Blue Host"))
    answer = mailbox.reply(cast.blue, BEGINS, "PRESS TO Red Armee, GM\nhello\nEND").body
    assert says(
        answer,
        'NOT DONE: could not read "RED ARMEE": not a side of this battle (Red Army, Blue Host)'
        " or GM",
    )
    assert "PRESS TO Red Armee, GM" in answer  # the line as it was typed
    assert not BattleMessage.objects.exists()


def test_a_side_of_several_words_concedes(cast: Cast, mailbox: Mailbox) -> None:
    battle = _battle(cast, mailbox, ("Red Army", "Blue Host"))
    misnamed = mailbox.reply(cast.blue, BEGINS, "CONCEDE BLUE HOSTS").body
    assert "NOT DONE: Name your own side to concede: CONCEDE BLUE HOST." in misnamed
    answer = mailbox.reply(cast.blue, BEGINS, "Concede Blue Host").body
    assert "Blue Host has conceded" in answer
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED and battle.winner == "Red Army"
