"""Reminders before a deadline, to players who have something to order and have not.

Whether a player is reminded depends only on their own settings, their own
orders and their own knowledge record, so a reminder tells nothing about any
other power.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from games.isolated import isolated
from games.mail import posting
from games.mail.models import EmailSettings, OutboxMessage
from games.models import Game, OrderSheet, Phase, Seat
from games.order_entry import has_something_to_order
from games.records import latest_knowledge

LONGEST_REMINDER = timedelta(hours=72)
DEFAULT_REMINDER_HOURS = 12  # the EmailSettings default, for players who never opened the page


def has_ordered(phase: Phase, power: str) -> bool:
    sheet = OrderSheet.objects.filter(phase=phase, power=power).first()
    return bool(sheet and (sheet.parsed or sheet.ready))


def reminder_hours(user: Any) -> int | None:
    """Hours before the deadline this user wants a reminder; None: no reminders."""
    settings = EmailSettings.objects.filter(user=user).first()
    if settings is None:
        return DEFAULT_REMINDER_HOURS
    return settings.reminder_hours if settings.reminders and settings.can_receive else None


def wants_reminder_now(seat: Seat, phase: Phase, now: datetime) -> bool:
    hours = reminder_hours(seat.user)
    if hours is None or phase.deadline - now > timedelta(hours=hours):
        return False
    if has_ordered(phase, seat.power):
        return False
    knowledge = latest_knowledge(phase.game, seat.power)
    return has_something_to_order(knowledge, seat.power, phase.kind)


def open_phases_closing_soon(now: datetime) -> list[Phase]:
    phases = Phase.objects.filter(
        status=Phase.Status.OPEN,
        game__status=Game.Status.ACTIVE,
        deadline__gt=now,
        deadline__lte=now + LONGEST_REMINDER,
    )
    return list(phases.select_related("game"))


def queue_due_reminders(now: datetime) -> int:
    """Queue every reminder due; a phase whose reminders fail is logged and
    never stops the others' (games.isolated)."""
    failed = "queueing reminders for phase {} failed; the next sweep tries again"
    return sum(
        isolated(remind_phase, phase, now, fallback=0, failed=failed.format(phase.pk))
        for phase in open_phases_closing_soon(now)
    )


def remind_phase(phase: Phase, now: datetime) -> int:
    queued = 0
    seats = phase.game.seats.select_related("user").filter(status=Seat.Status.ACTIVE)
    for seat in seats.exclude(power=""):
        if wants_reminder_now(seat, phase, now):
            key = f"reminder:{phase.pk}:{seat.power}"
            kind = OutboxMessage.Kind.REMINDER
            queued += bool(
                posting.queue(
                    kind,
                    phase.game,
                    key,
                    seat.user.email,
                    user=seat.user,
                    phase=phase,
                    power=seat.power,
                )
            )
    return queued
