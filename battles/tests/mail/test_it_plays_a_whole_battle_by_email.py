"""A whole battle played only by email: the side's player replies to "your turn"
with the activation, reads the results, and the battle ends with the seed shown.
Every email goes through the outbox once."""

from __future__ import annotations

from django.core import mail

from adjudication.battle import dice
from battles.models import Battle
from battles.tests.mail.conftest import SEED, Cast, Mailbox, knight, set_up
from postoffice.models import OutboxMessage
from postoffice.tasks import sweep_outbox

ENEMY = {"Red": ("red", "R1", "B1"), "Blue": ("blue", "B1", "R1")}


def play_to_the_end(cast: Cast, mailbox: Mailbox, battle: Battle) -> int:
    turns = 0
    while battle.status != Battle.Status.FINISHED:
        turn = battle.open_turn()
        assert turn is not None and turns < 30
        player, token, enemy = ENEMY[turn.side]
        user = cast.user(player)
        answer = mailbox.reply(
            user, f"turn {turn.number}, {turn.side} to act", f"{token} attack {enemy}"
        )
        assert "NOT DONE" not in answer.body, answer.body
        assert f"> {token} attack {enemy}" in answer.body
        assert f"Turn {turn.number} is played" in answer.body
        turns += 1
        battle.refresh_from_db()
    return turns


def test_a_whole_battle_played_only_by_email(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    start = mailbox.last_to(cast.red, "the battle begins")
    assert battle.commitment in start.body and SEED not in start.body
    turns = play_to_the_end(cast, mailbox, battle)
    for person in (cast.red, cast.blue, cast.gm):
        assert len(mailbox.to(person, "results for")) == turns
        end = mailbox.last_to(person, "the battle is over")
        assert SEED in end.body and f"{battle.winner} has won" in end.body
        assert battle.commitment in end.body
    assert dice.verify(SEED, battle.commitment)


def test_every_battle_email_is_sent_once(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    play_to_the_end(cast, mailbox, battle)
    rows = OutboxMessage.objects.all()
    assert set(rows.values_list("status", flat=True)) == {OutboxMessage.Status.SENT}
    assert len(mailbox.sent) == rows.count()
    mail.outbox = []
    sweep_outbox()
    assert mail.outbox == []


def test_results_carry_the_sides_picture_once_inline(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "c3"), knight("B1", "Blue", "d3")])
    mailbox.start(battle, cast.gm)
    play_to_the_end(cast, mailbox, battle)
    results = mailbox.last_to(cast.blue, "results for")
    pictures = [a for a in results.attachments if not hasattr(a, "filename")]
    assert [part.get_filename() for part in pictures] == ["map.png"]
    assert pictures[0].get("Content-ID") == "<map>"
    assert pictures[0].get_payload(decode=True).startswith(b"\x89PNG")
    assert 'src="cid:map"' in results.alternatives[0][0]


def test_the_game_masters_results_show_every_token(cast: Cast, mailbox: Mailbox) -> None:
    battle = set_up(cast, [knight("R1", "Red", "a1"), knight("B1", "Blue", "h6")], sight=2)
    mailbox.start(battle, cast.gm)
    first = mailbox.last_to(cast.gm, "the battle begins").body
    assert "R1 (Red) at a1" in first and "B1 (Blue) at h6" in first
    red_view = mailbox.last_to(cast.red, "the battle begins").body
    assert "R1 (Red) at a1" in red_view and "B1" not in red_view
