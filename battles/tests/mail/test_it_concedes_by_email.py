"""A side concedes by email (ruling B28): CONCEDE names the writer's own side, and every
side and the game master get the end email saying so, with the seed."""

from __future__ import annotations

from battles.models import Battle
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up


def test_a_side_concedes_by_email_and_everyone_is_told(cast: Cast, mailbox: Mailbox) -> None:
    """Ruling B28 by email: CONCEDE names the writer's own side; the end email says so."""
    battle = set_up(cast, [knight("R1", "Red", "a1"), knight("B1", "Blue", "h6")])
    mailbox.start(battle, cast.gm)
    wrong = mailbox.reply(cast.blue, "the battle begins", "CONCEDE RED")
    assert "Name your own side to concede: CONCEDE BLUE" in wrong.body
    answer = mailbox.reply(cast.blue, "the battle begins", "concede blue")
    assert "Blue has conceded" in answer.body
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED and battle.winner == "Red"
    for person in (cast.red, cast.blue, cast.gm):
        end = mailbox.last_to(person, "the battle is over").body
        assert "Red has won" in end and "Blue conceded." in end and battle.seed in end
