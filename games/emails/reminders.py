"""Reminders before a deadline, to players who have something to order and have not.

Whether a player is reminded depends only on their own settings, their own
orders and their own knowledge record, so a reminder tells nothing about any
other power.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import QuerySet

from common.isolated import isolated
from common.prepared import prepared
from games.access import order_sheet
from games.models import Game, OrderSheet, Phase, Seat
from games.order_entry import has_something_to_order
from games.records import latest_knowledge
from postoffice import posting
from postoffice.models import OutboxMessage
from postoffice.recipients import LONGEST_REMINDER, reminder_hours


def has_ordered(phase: Phase, power: str) -> bool:
    sheet = order_sheet.first(phase_id=phase.pk, power=power)
    return bool(sheet and (sheet.parsed or sheet.ready))


# The sweep's reads are compiled once (common.prepared): the beat asks them every
# few seconds, mostly to find nothing due.


@prepared
def order_sheets(phase_id: int) -> QuerySet[OrderSheet]:
    return OrderSheet.objects.filter(phase_id=phase_id).only("power", "parsed", "ready")


@prepared
def phases_closing(after: datetime, until: datetime) -> QuerySet[Phase]:
    """Open phases of running games whose deadline is after ``after``, at ``until`` or
    before, with their game and without their board (read if asked)."""
    phases = Phase.objects.filter(
        status=Phase.Status.OPEN,
        game__status=Game.Status.ACTIVE,
        deadline__gt=after,
        deadline__lte=until,
    )
    return phases.select_related("game").defer("position", "outcome")


@prepared
def active_seats(game_id: int) -> QuerySet[Seat]:
    """The seats played for a power, with each player's email settings."""
    seats = Seat.objects.filter(game_id=game_id, status=Seat.Status.ACTIVE).exclude(power="")
    return seats.select_related("user__email_settings")


def wants_reminder_now(seat: Seat, phase: Phase, now: datetime) -> bool:
    hours = reminder_hours(seat.user)
    if hours is None or phase.deadline - now > timedelta(hours=hours):
        return False
    if has_ordered(phase, seat.power):
        return False
    knowledge = latest_knowledge(phase.game, seat.power)
    return has_something_to_order(knowledge, seat.power, phase.kind)


def open_phases_closing_soon(now: datetime) -> list[Phase]:
    return phases_closing(after=now, until=now + LONGEST_REMINDER)


def queue_due_reminders(now: datetime) -> int:
    """Queue every reminder due; a phase whose reminders fail is logged and
    never stops the others' (common.isolated)."""
    failed = "queueing reminders for phase {} failed; the next sweep tries again"
    return sum(
        isolated(remind_phase, phase, now, fallback=0, failed=failed.format(phase.pk))
        for phase in open_phases_closing_soon(now)
    )


def remind_phase(phase: Phase, now: datetime) -> int:
    """Each seat not yet reminded and without orders is asked in full
    (wants_reminder_now); the sweep runs every few seconds, so the seats
    already reminded or done are passed by on three queries for the phase,
    not three queries and a record for each seat."""
    queued = 0
    seats = active_seats(game_id=phase.game_id)
    passed_by = powers_that_ordered(phase) | powers_reminded(phase, {s.power for s in seats})
    for seat in seats:
        if seat.power not in passed_by and wants_reminder_now(seat, phase, now):
            kind = OutboxMessage.Kind.REMINDER
            queued += bool(
                posting.queue(
                    kind,
                    phase.game,
                    reminder_key(phase, seat.power),
                    seat.user.email,
                    user=seat.user,
                    phase=phase,
                    power=seat.power,
                )
            )
    return queued


def reminder_key(phase: Phase, power: str) -> str:
    """The outbox key: one reminder per power and phase, whoever holds the seat."""
    return f"reminder:{phase.pk}:{power}"


def powers_that_ordered(phase: Phase) -> set[str]:
    """The powers has_ordered says have ordered, in one query."""
    return {sheet.power for sheet in order_sheets(phase_id=phase.pk) if sheet.parsed or sheet.ready}


def powers_reminded(phase: Phase, powers: set[str]) -> set[str]:
    """Those of the powers whose reminder for the phase is queued already:
    queueing it again would write nothing (posting.queue keeps one row per key)."""
    keys = {reminder_key(phase, power): power for power in powers}
    return {keys[row.key] for row in reminders_of(phase_id=phase.pk) if row.key in keys}


@prepared
def reminders_of(phase_id: int) -> QuerySet[OutboxMessage]:
    """The phase's reminder rows (one a power at most), their keys only: each
    is queued with its phase, so this finds the keys asked by name before."""
    rows = OutboxMessage.objects.filter(phase_id=phase_id, kind=OutboxMessage.Kind.REMINDER)
    return rows.only("key")
