"""Absences: a player declares the days they are away; a deadline that falls
inside an accepted absence moves once to after it (docs/lifecycle.md).

Each absence moves at most one deadline, once, and a player's absences move
deadlines at most the game's ``absence_limit`` times (a limit per player, so
one traveller cannot use up everyone's). The move is announced to every
player alike as "the deadline was extended"; who is away is shown only to
that player and the game master.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from django.db import transaction

from games.actions.base import (
    ActionError,
    lock_game,
    log,
    require_game_master,
    require_seat,
    require_status,
)
from games.actions.clock import move_deadline
from games.deadlines import after_absence
from games.models import Absence, Game, Phase, Seat

LONGEST_ABSENCE = timedelta(days=60)


@transaction.atomic
def declare_absence(
    game: Game, user: Any, power: str, first_day: date, last_day: date, today: date
) -> Absence:
    """The player of ``power`` will be away from ``first_day`` to ``last_day``
    (both included, in the game's time zone); ``today`` is today there."""
    require_seat(game, user, power)
    game = lock_game(game)
    require_status(game, Game.Status.FORMING, Game.Status.ACTIVE, Game.Status.PAUSED)
    check_dates(first_day, last_day, today)
    absence = Absence.objects.create(
        game=game, user=user, power=power, first_day=first_day, last_day=last_day
    )
    log(game, user, "absence", f"{power}: {first_day} to {last_day}")
    phase = game.phases.filter(status=Phase.Status.OPEN).order_by("-ordinal").first()
    if phase is not None and game.status == Game.Status.ACTIVE:
        move_past_absences(phase)
    return absence


def absence_effect(game: Game) -> str:
    """What a declared absence does, in the words its player reads."""
    if game.is_fogged:
        return "in a fog game it moves no deadline (the game master sees it)"
    return "a deadline in it may move"


def check_dates(first_day: date, last_day: date, today: date) -> None:
    if last_day < first_day:
        raise ActionError("The absence must end on or after the day it starts.")
    if last_day < today:
        raise ActionError("That absence is already over.")
    if last_day - first_day >= LONGEST_ABSENCE:
        raise ActionError(f"An absence can last at most {LONGEST_ABSENCE.days} days.")


@transaction.atomic
def refuse_absence(game: Game, game_master: Any, absence_id: int) -> Absence:
    """The game master refuses an absence: it moves no deadline from now on (a
    deadline it has already moved stays where it is)."""
    require_game_master(game, game_master)
    absence = Absence.objects.filter(game=game, pk=absence_id).first()
    if absence is None:
        raise ActionError("There is no such absence in this game.")
    Absence.objects.filter(pk=absence.pk).update(status=Absence.Status.REFUSED)
    absence.refresh_from_db()
    log(game, game_master, "refuse absence", f"{absence.power}: {absence.first_day}")
    return absence


@transaction.atomic
def withdraw_absence(game: Game, user: Any, power: str, absence_id: int) -> None:
    """The player takes back an absence of their own that has moved no deadline
    (one that has stays, as the record of that move)."""
    require_seat(game, user, power)
    game = lock_game(game)
    absence = Absence.objects.filter(game=game, user=user, power=power, pk=absence_id).first()
    if absence is None:
        raise ActionError("You have no such absence in this game.")
    if absence.moved_id is not None:
        raise ActionError("That absence has already moved a deadline; it stays on record.")
    absence.delete()
    log(game, user, "withdraw absence", f"{power}: {absence.first_day} to {absence.last_day}")


def move_past_absences(phase: Phase) -> bool:
    """Move an open phase's deadline past every accepted absence it falls in
    (each absence once, each player up to the game's limit); one announcement.
    Never in a fog game, whatever its limit says: the move would tell everyone
    that someone is away (docs/fog.md, "Over the whole timeline")."""
    game = phase.game
    if game.is_fogged:
        return False
    clock = game.clock()
    deadline, used = phase.deadline, list[Absence]()
    while (absence := absence_covering(game, deadline, used)) is not None:
        deadline = max(deadline, after_absence(absence.last_day, phase.kind, clock))
        used.append(absence)
    if not used or not move_deadline(phase, deadline, "absence"):
        return False
    Absence.objects.filter(pk__in=[absence.pk for absence in used]).update(moved=phase)
    return True


def absence_covering(game: Game, deadline: datetime, used: list[Absence]) -> Absence | None:
    """An unused, accepted absence of a playing seat on the deadline's day,
    whose player has moves left."""
    day = deadline.astimezone(game.clock().tz).date()
    candidates = Absence.objects.filter(
        game=game,
        status=Absence.Status.ACCEPTED,
        moved__isnull=True,
        first_day__lte=day,
        last_day__gte=day,
    ).exclude(pk__in=[absence.pk for absence in used])
    for absence in candidates:
        if is_playing(game, absence) and moves_left(game, absence, used):
            return absence
    return None


def is_playing(game: Game, absence: Absence) -> bool:
    """Still in the seat (in civil disorder too: they may come back to it)."""
    playing = [Seat.Status.ACTIVE, Seat.Status.CIVIL_DISORDER]
    seats = game.seats.filter(status__in=playing, user=absence.user_id)
    return seats.filter(power=absence.power).exists()


def moves_left(game: Game, absence: Absence, used: list[Absence]) -> bool:
    mine = Absence.objects.filter(game=game, user=absence.user_id, moved__isnull=False)
    pending = sum(1 for other in used if other.user_id == absence.user_id)
    return mine.count() + pending < game.absence_limit
