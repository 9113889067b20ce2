"""Fog by email: what a side is told of the activation it replies with depends only
on what it sees (rulings F6, F7). Two battles alike but for a Blue token Red
cannot see on Red's path; Red replies with the same lines in both and reads
the answer and its results."""

from __future__ import annotations

from adjudication.battle import dice
from battles.models import Battle
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from battles.tests.mail.test_it_leaks_nothing_of_a_far_enemy_by_email import red_mail

SEED = "ef" * 32  # Red wins the roll-off with it
RED_AND_FAR_BLUE = [knight("R1", "Red", "a3"), knight("B1", "Blue", "h1")]
HIDDEN = knight("B2", "Blue", "d3")  # three steps from R1, which sees two
PROBE = "R1 move b3 c3 d3 e3"  # costs 4, speed 3
STEP = "R1 move b3 c3 d3"


def _answer(cast: Cast, mailbox: Mailbox, hidden: bool, text: str) -> tuple[Battle, str]:
    """Red's reply to its first turn in a new battle, and the answer to it."""
    Battle.objects.all().delete()
    mailbox.sent = []
    battle = set_up(cast, [*RED_AND_FAR_BLUE, *([HIDDEN] if hidden else [])], sight=2)
    Battle.objects.filter(pk=battle.pk).update(seed=SEED, commitment=dice.commitment(SEED))
    battle.refresh_from_db()
    mailbox.start(battle, cast.gm)
    return battle, mailbox.reply(cast.red, "turn 1, Red to act", text).body


def _reply(cast: Cast, mailbox: Mailbox, hidden: bool, text: str) -> tuple[Battle, list[str]]:
    """Red's reply to its first turn in a new battle; the lines of its results email."""
    battle, answer = _answer(cast, mailbox, hidden, text)
    assert "Turn 1 is played" in answer
    results = mailbox.last_to(cast.red, "turn 1 results for").body
    return battle, [line.strip() for line in results.splitlines()]


def test_it_refuses_the_probe_alike_before_the_turn_is_played(cast: Cast, mailbox: Mailbox) -> None:
    text = "\n".join([PROBE, STEP])
    answers = [_answer(cast, mailbox, hidden, text)[1] for hidden in (False, True)]
    refused = "line 1: R1: the path costs 4, more than R1's speed 3"
    assert all(refused in answer and "Turn 1 is played" not in answer for answer in answers)


def test_it_stops_the_move_alike_and_spends_it(cast: Cast, mailbox: Mailbox) -> None:
    text = "\n".join([STEP, "R1 move b4"])
    _, free = _reply(cast, mailbox, False, text)
    _, blocked = _reply(cast, mailbox, True, text)
    spent = "R1 move b4: refused, R1 has already acted this turn"
    assert spent in free and spent in blocked
    assert f"{STEP}: done" in free
    assert any(line.startswith(f"{STEP}: stopped at c3, the action spent") for line in blocked)


def test_it_refuses_an_unseen_name_as_an_unknown_one_mail_for_mail(
    cast: Cast, mailbox: Mailbox
) -> None:
    lines = "R1 attack B2\nR1 move a4"
    without, _ = _reply(cast, mailbox, False, lines)
    mail_without = red_mail(cast, mailbox, without)
    with_hidden, results_with = _reply(cast, mailbox, True, lines)
    mail_with = red_mail(cast, mailbox, with_hidden)
    assert "R1 attack B2: refused, B2 is not in sight" in results_with
    assert len(mail_with) >= 4  # start, your turn, the answer, the results
    assert mail_with == mail_without
