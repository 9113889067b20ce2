"""Exactly once: a turn processed twice, a late turn swept twice, a send task
delivered twice, the same reply delivered twice and a start queued twice each
give one email a person."""

from __future__ import annotations

from datetime import timedelta
from email.utils import make_msgid

from django.core import mail
from django.utils import timezone

from battles.actions.play import process_turn
from battles.emails import notify as battle_notify
from battles.models import Battle, BattleTurn
from battles.tasks import sweep_turns
from battles.tests.mail.conftest import Cast, Mailbox, knight, set_up
from games.tests.replies.conftest import letter
from postoffice.inbound.handler import handle_message
from postoffice.models import OutboxMessage
from postoffice.sending import send_outbox_message

Kind = OutboxMessage.Kind


def started(cast: Cast, mailbox: Mailbox) -> Battle:
    battle = set_up(cast, [knight("R1", "Red", "c3", hp=9), knight("B1", "Blue", "d3", hp=9)])
    mailbox.start(battle, cast.gm)
    battle.refresh_from_db()
    return battle


def test_a_turn_processed_twice_sends_its_results_once(cast: Cast, mailbox: Mailbox) -> None:
    battle = started(cast, mailbox)
    turn = battle.open_turn()
    assert turn is not None
    assert mailbox.run(lambda: process_turn(turn.pk)) is True
    assert mailbox.run(lambda: process_turn(turn.pk)) is False
    results = OutboxMessage.objects.filter(kind=Kind.BATTLE_RESULTS)
    assert results.count() == 3  # Red, Blue and the game master
    assert len([m for m in mailbox.sent if "results for" in m.subject]) == 3


def test_a_send_task_delivered_twice_sends_once(cast: Cast, mailbox: Mailbox) -> None:
    battle = started(cast, mailbox)
    row = OutboxMessage.objects.filter(battle=battle, kind=Kind.BATTLE_START).first()
    assert row is not None
    OutboxMessage.objects.filter(pk=row.pk).update(status=OutboxMessage.Status.PENDING)
    mail.outbox = []
    assert send_outbox_message(row.pk) == "sent"
    assert send_outbox_message(row.pk) == "not claimed"
    assert len(mail.outbox) == 1


def test_the_same_reply_twice_is_carried_out_once(cast: Cast, mailbox: Mailbox) -> None:
    battle = started(cast, mailbox)
    turn = battle.open_turn()
    assert turn is not None
    player, token = (cast.red, "R1") if turn.side == "Red" else (cast.blue, "B1")
    address = mailbox.last_to(player, "to act").reply_to[0]
    raw = letter(f"{token} hold", player.email, address, message_id=make_msgid("twice"))
    first = mailbox.run(lambda: handle_message(raw, "test"))
    again = mailbox.run(lambda: handle_message(raw, "test"))
    assert (first.outcome, again.outcome) == ("accepted", "seen")
    assert OutboxMessage.objects.filter(kind=Kind.BATTLE_ANSWER).count() == 1
    assert battle.turns.count() == 2


def test_queueing_a_start_twice_writes_each_row_once(cast: Cast, mailbox: Mailbox) -> None:
    battle = started(cast, mailbox)
    before = OutboxMessage.objects.count()
    turn = battle.open_turn()
    assert turn is not None
    mailbox.run(lambda: battle_notify.battle_started(battle, turn))
    assert OutboxMessage.objects.count() == before


def test_a_late_turn_swept_twice_sends_its_results_once(cast: Cast, mailbox: Mailbox) -> None:
    battle = started(cast, mailbox)
    late = battle.open_turn()
    assert late is not None
    BattleTurn.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    mailbox.run(sweep_turns)
    mailbox.run(sweep_turns)
    assert OutboxMessage.objects.filter(kind=Kind.BATTLE_RESULTS).count() == 3
    assert len([m for m in mailbox.sent if "turn 1 results for" in m.subject]) == 3
    assert len([m for m in mailbox.sent if "turn 2," in m.subject]) == 1  # the next side's turn
