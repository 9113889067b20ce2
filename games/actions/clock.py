"""The clock between deadlines: grace for missing orders, the early end after
everyone is ready, and the game master's clock rules (docs/lifecycle.md).

Both automatic changes are claimed like a phase is, by conditional UPDATE on
the values read, so a sweep run twice at once extends a deadline once. What
players receive is the same for all: the new deadline and nothing else, never
who is missing orders or that everyone is ready.

In a fog game even *whether* a power missed orders is hidden (docs/fog.md,
"Over the whole timeline"): there the grace is part of every phase's public
schedule, given whoever sent what, and only a power that is itself late is
told so, privately.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F

from games import gateway
from games.actions.base import ActionError, lock_game, lock_phase, log, require_game_master
from games.emails import notify
from games.emails.reminders import powers_that_ordered
from games.models import Game, Phase, Seat
from games.order_entry import has_something_to_order
from games.order_entry.choices import free_home_centres
from games.records import latest_knowledge

MAX_GRACE_EXTENSIONS = 5
MAX_READY_DELAY_MINUTES = 24 * 60
MAX_ABSENCE_LIMIT = 10
FOG_ABSENCE_ERROR = (
    "In a fog game a deadline moved for an absence would tell every player that "
    "someone is away, so absences move no deadline there: set 0."
)


def has_a_choice(game: Game, power: str, kind: str) -> bool:
    """Whether the power has anything to decide this phase: units to move or
    retreat, a removal, or a build with a free home centre to build in."""
    knowledge = latest_knowledge(game, power)
    if not has_something_to_order(knowledge, power, kind):
        return False
    if kind == "A" and knowledge is not None and knowledge.adjustment_count(power) > 0:
        return bool(free_home_centres(gateway.board(game.preset), knowledge, power))
    return True


def missing_orders(phase: Phase) -> list[str]:
    """The seated, playing powers that had a choice and sent nothing (no order
    and no "ready"); the game master's business and the server's, never shown."""
    seats = phase.game.seats.filter(status=Seat.Status.ACTIVE).exclude(power="")
    powers = sorted(seats.values_list("power", flat=True))
    # The sheets first, in one query: a power's record is read only if it sent nothing.
    ordered = powers_that_ordered(phase)
    return [
        power
        for power in powers
        if power not in ordered and has_a_choice(phase.game, power, phase.kind)
    ]


@transaction.atomic
def extend_for_missing_orders(phase_id: int, now: datetime) -> bool:
    """At a passed deadline, give the game's grace period if a power sent no
    orders and extensions are left; True when this call extended it."""
    try:
        phase = lock_phase(phase_id)
    except Phase.DoesNotExist:  # a rollback removed it since the sweep listed it
        return False
    game = phase.game
    if phase.status != Phase.Status.OPEN or phase.deadline > now:
        return False
    if phase.extensions >= game.grace_extensions or not game.grace_minutes:
        return False
    if phase.early_end is not None and phase.early_end <= now:
        return False  # everyone was ready: the phase ends, grace or not
    late = missing_orders(phase)
    if not (late or game.is_fogged):
        return False
    deadline = max(phase.deadline, now) + timedelta(minutes=game.grace_minutes)
    if not game.is_fogged:
        return move_deadline(phase, deadline, "grace", extension=True)
    return give_scheduled_grace(phase, deadline, late)


def give_scheduled_grace(phase: Phase, deadline: datetime, late: list[str]) -> bool:
    """A fog game's grace: the deadline moves whoever is late, so its moment
    tells nobody anything; each late power, and only it, hears that it is."""
    if not move_deadline(phase, deadline, "grace", extension=True, announce=False):
        return False
    notify.orders_late(phase, late)
    return True


def move_deadline(
    phase: Phase, deadline: datetime, why: str, extension: bool = False, announce: bool = True
) -> bool:
    """Move an open phase's deadline if nobody changed it since it was read, and
    (``announce``) tell every player alike. The log names the reason; the
    email never does."""
    rows = Phase.objects.filter(
        pk=phase.pk, status=Phase.Status.OPEN, deadline=phase.deadline, extensions=phase.extensions
    )
    changes: dict[str, Any] = {"deadline": deadline, "early_end": None}
    if extension:
        changes["extensions"] = F("extensions") + 1
    if rows.update(**changes) != 1:
        return False
    phase.refresh_from_db()
    log(
        phase.game, None, "deadline moved", f"{phase.name}: {why}, to {deadline:%Y-%m-%d %H:%M} UTC"
    )
    if announce:
        notify.deadline_extended(phase)
    return True


def start_early_end(phase: Phase, now: datetime) -> None:
    """Everyone is ready: end after the game's delay (never after the deadline).
    Kept apart from the deadline players see; a second call keeps the first time."""
    end = min(now + timedelta(minutes=phase.game.ready_delay_minutes), phase.deadline)
    rows = Phase.objects.filter(pk=phase.pk, status=Phase.Status.OPEN, early_end__isnull=True)
    rows.update(early_end=end)


def cancel_early_end(phase: Phase) -> None:
    Phase.objects.filter(pk=phase.pk, status=Phase.Status.OPEN).update(early_end=None)


@transaction.atomic
def set_clock_rules(
    game: Game,
    game_master: Any,
    *,
    deadline_time: time | None,
    skip_weekends: bool,
    grace_minutes: int,
    grace_extensions: int,
    ready_delay_minutes: int,
    absence_limit: int,
) -> Game:
    """The game master's clock rules; they apply from the next deadline set."""
    require_game_master(game, game_master)
    game = lock_game(game)
    if game.status == Game.Status.FINISHED:
        raise ActionError("The game has ended.")
    check_clock_rules(grace_extensions, ready_delay_minutes, absence_limit)
    if game.is_fogged and absence_limit:
        raise ActionError(FOG_ABSENCE_ERROR)
    rules = {
        "deadline_time": deadline_time,
        "skip_weekends": skip_weekends,
        "grace_minutes": grace_minutes,
        "grace_extensions": grace_extensions,
        "ready_delay_minutes": ready_delay_minutes,
        "absence_limit": absence_limit,
    }
    Game.objects.filter(pk=game.pk).update(**rules)
    game.refresh_from_db()
    log(game, game_master, "clock rules", describe_clock(game))
    return game


def check_clock_rules(grace_extensions: int, ready_delay_minutes: int, absence_limit: int) -> None:
    if not 0 <= grace_extensions <= MAX_GRACE_EXTENSIONS:
        raise ActionError(f"Automatic extensions: from 0 to {MAX_GRACE_EXTENSIONS}.")
    if not 0 <= ready_delay_minutes <= MAX_READY_DELAY_MINUTES:
        raise ActionError("The delay after everyone is ready: from 0 minutes to a day.")
    if not 0 <= absence_limit <= MAX_ABSENCE_LIMIT:
        raise ActionError(f"Absence moves per player: from 0 to {MAX_ABSENCE_LIMIT}.")


def describe_clock(game: Game) -> str:
    at = f"at {game.deadline_time:%H:%M} {game.time_zone}" if game.deadline_time else "any time"
    weekends = ", weekends skipped" if game.skip_weekends else ""
    grace = f"{game.grace_extensions} x {game.grace_minutes} min grace"
    return (
        f"deadlines {at}{weekends}; {grace}; ready delay {game.ready_delay_minutes} min; "
        f"{game.absence_limit} absence moves per player"
    )
