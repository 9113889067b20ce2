"""Reminders before a battle side-turn's deadline, to the players of the side whose turn it is.

Whether a player is reminded depends only on their own settings and their
own side's open turn (its deadline, whether it was sent), so a reminder tells
nothing about any other side. Each person gets one reminder a deadline (the
outbox key names the turn and its deadline); once every player of the side
has had theirs or wants none, the turn is marked reminded and the sweep
passes it by, until the game master moves its deadline.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import QuerySet

from battles import shares
from battles.actions.play import mark_reminded
from battles.emails.notify import queue_reminder, side_recipients
from battles.models import Battle, BattleTurn
from common.isolated import isolated
from common.prepared import prepared
from postoffice.recipients import LONGEST_REMINDER, reminder_hours


def turns_closing_soon(now: datetime) -> list[BattleTurn]:
    return turns_closing(after=now, until=now + LONGEST_REMINDER)


@prepared
def turns_closing(after: datetime, until: datetime) -> QuerySet[BattleTurn]:
    """Compiled once (common.prepared): the beat asks it every few seconds."""
    turns = BattleTurn.objects.filter(
        status=BattleTurn.Status.OPEN,
        battle__status=Battle.Status.ACTIVE,
        submitted__isnull=True,
        reminded=False,
        deadline__gt=after,
        deadline__lte=until,
    )
    return turns.select_related("battle")


def remind_side(turn: BattleTurn, now: datetime) -> tuple[int, bool]:
    """(reminders queued, whether every player of the side is done with)."""
    queued, waiting = 0, False
    sent = shares.sent_by(turn)  # on a shared side, whoever sent their part is not reminded
    for recipient in side_recipients(turn.battle, only=turn.side):
        if recipient.user.pk in sent:
            continue
        hours = reminder_hours(recipient.user)
        if hours is None:
            continue
        if turn.deadline - now > timedelta(hours=hours):
            waiting = True
            continue
        queued += queue_reminder(turn.battle, turn, recipient)
    return queued, not waiting


def queue_due_battle_reminders(now: datetime) -> int:
    """Queue every battle reminder due; a turn whose reminders fail is logged
    and never stops the others' (common.isolated)."""
    failed = "queueing reminders for battle turn {} failed; the next sweep tries again"
    return sum(
        isolated(remind_turn, turn, now, fallback=0, failed=failed.format(turn.pk))
        for turn in turns_closing_soon(now)
    )


def remind_turn(turn: BattleTurn, now: datetime) -> int:
    count, done = remind_side(turn, now)
    if done:
        mark_reminded(turn.pk, turn.deadline)
    return count
