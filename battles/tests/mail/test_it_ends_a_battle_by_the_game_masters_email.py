"""The game master ends a battle by email (ruling B28): END BATTLE, the winner (or
NOBODY), a colon and the result, through the action the console calls, so with its
checks and its answer; every side and the game master get the end email."""

from __future__ import annotations

from battles.models import Battle
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from tests.plain_text import says

BEGINS = "the battle begins"
ENDED = "The battle is over: every side is told, and the seed is shown."


def _under_way(cast: Cast, mailbox: Mailbox) -> Battle:
    battle = set_up(cast, [knight("R1", "Red", "a1"), knight("B1", "Blue", "h6")])
    mailbox.start(battle, cast.gm)
    return battle


def test_the_game_master_ends_it_by_email_and_everyone_is_told(
    cast: Cast, mailbox: Mailbox
) -> None:
    battle = _under_way(cast, mailbox)
    answer = mailbox.reply(cast.gm, BEGINS, "end battle blue: Red withdrew at dusk").body
    assert ENDED in answer
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED and battle.winner == "Blue"
    assert battle.ended_by == "game master" and battle.result_note == "Red withdrew at dusk"
    for person in (cast.red, cast.blue, cast.gm):
        end = mailbox.last_to(person, "the battle is over").body
        assert "Red withdrew at dusk" in end and battle.seed in end


def test_nobody_may_be_the_winner(cast: Cast, mailbox: Mailbox) -> None:
    battle = _under_way(cast, mailbox)
    assert ENDED in mailbox.reply(cast.gm, BEGINS, "END BATTLE NOBODY: called off for rain").body
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED and battle.winner == ""
    assert battle.result_note == "called off for rain"


def test_it_refuses_as_the_console_does_and_keeps_what_was_typed(
    cast: Cast, mailbox: Mailbox
) -> None:
    battle = _under_way(cast, mailbox)
    no_result = mailbox.reply(cast.gm, BEGINS, "END BATTLE BLUE").body
    assert "NOT DONE: Say how the battle ended: the result is sent to every side." in no_result
    assert says(no_result, "END BATTLE BLUE: Red withdrew at dusk")  # how to write it
    unknown = mailbox.reply(cast.gm, BEGINS, "END BATTLE Purple: they left").body
    assert "END BATTLE Purple: they left" in unknown  # the line quoted as typed
    assert "NOT DONE: Purple is not a side of this battle." in unknown
    too_long = mailbox.reply(cast.gm, BEGINS, "END BATTLE BLUE: " + "x" * 301).body
    assert says(
        too_long, "NOT DONE: The result is 301 characters long; at most 300 go to every side."
    )
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE
    assert mailbox.to(cast.red, "the battle is over") == []


def test_a_battle_ends_once(cast: Cast, mailbox: Mailbox) -> None:
    _under_way(cast, mailbox)
    mailbox.reply(cast.gm, BEGINS, "END BATTLE RED: Blue fled")
    again = mailbox.reply(cast.gm, BEGINS, "END BATTLE BLUE: Red fled").body
    assert "NOT DONE: Not possible while the battle is finished." in again
    assert len(mailbox.to(cast.red, "the battle is over")) == 1


def test_a_side_is_told_it_may_concede_instead(cast: Cast, mailbox: Mailbox) -> None:
    battle = _under_way(cast, mailbox)
    answer = mailbox.reply(cast.red, BEGINS, "END BATTLE RED: we won").body
    assert "NOT DONE: Only the game master ends a battle" in answer
    assert "CONCEDE RED" in answer
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE


def test_the_game_masters_help_names_the_command(cast: Cast, mailbox: Mailbox) -> None:
    _under_way(cast, mailbox)
    assert "END BATTLE BLUE: Red withdrew at dusk" in mailbox.reply(cast.gm, BEGINS, "HELP").body
