"""Open seats: the game master opens one, a player leaves, a newcomer takes one.

A seat opens with the power's player gone (their seat kept, marked replaced,
so they read the game as an observer) and the power without a player: nobody
gives its orders, so it is held in civil disorder until someone takes it.
Every open seat is public (the lobby lists it), so opening one may depend
only on what is public: the game master's decision, a player's own choice,
or, in a full-information game where who has ordered is shown to everyone
(ruling 4), the power's missed orders (ruling 26, docs/rulings.md).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.verification import is_confirmed
from games import standing_facts
from games.absences.models import Absence
from games.actions.base import (
    ActionError,
    lock_game,
    log,
    require_game_master,
    require_standing,
    require_status,
)
from games.emails import seat_mail
from games.models import Game, OpenSeat, OrderSheet, Phase, Seat

PLAYING = (Game.Status.ACTIVE, Game.Status.PAUSED)


def current_seat(game: Game, power: str) -> Seat | None:
    """The power's player's seat, if it has one (eliminated seats included)."""
    return game.active_seats().filter(power=power).exclude(power="").first()


def open_seat_of(game: Game, power: str) -> OpenSeat | None:
    return game.open_seats.filter(power=power, taken__isnull=True).first()


def _open(game: Game, power: str, reason: str, how: str) -> OpenSeat:
    """Vacate the power's seat (its player is told) and list it as open."""
    if power not in game.powers:
        raise ActionError(f"There is no power called {power.title() or '(none)'}.")
    if open_seat_of(game, power):
        raise ActionError(f"The seat of {power.title()} is already open.")
    seat = current_seat(game, power)
    if seat is not None:
        if seat.status == Seat.Status.ELIMINATED:
            raise ActionError(f"{power.title()} is out of the game; its seat cannot open.")
        Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.REPLACED)
        standing_facts.seat_left(seat)
        seat_mail.farewell(seat, how)
    return OpenSeat.objects.create(game=game, power=power, reason=reason, opened=timezone.now())


@transaction.atomic
def open_seat(game: Game, game_master: Any, power: str) -> OpenSeat:
    """The game master opens a power's seat; its player, if any, leaves the game."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, *PLAYING)
    opened = _open(game, power, OpenSeat.Reason.GAME_MASTER, "opened")
    log(game, game_master, "open seat", power)
    return opened


@transaction.atomic
def leave_game(game: Game, user: Any) -> OpenSeat:
    """A player's own choice: their seat opens and they are told by email."""
    game = lock_game(game)
    require_status(game, *PLAYING)
    seat = game.seat_of(user)
    if seat is None or not seat.power:
        raise ActionError("You do not play a power in this game.")
    opened = _open(game, seat.power, OpenSeat.Reason.LEFT, "left")
    log(game, user, "leave", seat.power)
    return opened


def require_newcomer(game: Game, user: Any) -> None:
    """Someone confirmed, with no part in the game yet (a past player included:
    leaving and coming back would buy extra time)."""
    if not getattr(user, "is_authenticated", False):
        raise ActionError("Sign in to take a seat.")
    if not is_confirmed(user):
        raise ActionError("Confirm your email address before taking a seat.")
    if game.game_master_id == user.pk or game.seats.filter(user=user).exists():
        raise ActionError(f"{user} already has a part in this game.")


@transaction.atomic
def take_seat(game: Game, user: Any, power: str) -> Seat:
    """A newcomer from the lobby takes an open seat."""
    game = lock_game(game)
    if not game.in_lobby:
        raise ActionError("This game takes new players only from its game master.")
    require_standing(game, user)
    seat = _fill(game, user, power)
    log(game, user, "take seat", power)
    return seat


@transaction.atomic
def give_seat(game: Game, game_master: Any, power: str, user: Any) -> Seat:
    """The game master hands an open seat to someone they chose."""
    require_game_master(game, game_master)
    game = lock_game(game)
    seat = _fill(game, user, power)
    log(game, game_master, "give seat", f"{power}: {user}")
    return seat


def _fill(game: Game, user: Any, power: str) -> Seat:
    require_status(game, *PLAYING)
    require_newcomer(game, user)
    opened = open_seat_of(game, power)
    if opened is None:
        raise ActionError(f"The seat of {power.title() or '(none)'} is not open.")
    seat = Seat.objects.create(game=game, user=user, power=power)
    standing_facts.seat_taken(seat, timezone.now())
    phase = game.phases.filter(status=Phase.Status.OPEN).order_by("-ordinal").first()
    OpenSeat.objects.filter(pk=opened.pk).update(
        taken=timezone.now(), taken_by=user, taken_in=phase
    )
    if phase is not None:
        _extend_once(game, phase, power)
    seat_mail.catch_up(seat, phase)
    return seat


def seat_changes_are_hidden(game: Game) -> bool:
    """A fog game kept out of the lobby: nobody but the game master knows a
    seat was open, so moving every player's deadline for its newcomer would
    tell them that a seat changed hands (docs/fog.md, "Over the whole timeline")."""
    return game.is_fogged and not game.in_lobby


def _extend_once(game: Game, phase: Phase, power: str) -> None:
    """The first newcomer of a phase gets the game's extra time, announced to all alike."""
    by = timedelta(minutes=game.newcomer_extension_minutes)
    earlier = game.open_seats.filter(taken_in=phase).exclude(power=power)
    if not by or earlier.exists() or seat_changes_are_hidden(game):
        return
    if game.status == Game.Status.PAUSED:
        remaining = (phase.paused_remaining or timedelta(0)) + by
        Phase.objects.filter(pk=phase.pk).update(paused_remaining=remaining)
    else:
        Phase.objects.filter(pk=phase.pk).update(deadline=phase.deadline + by)
    phase.refresh_from_db()
    log(game, None, "newcomer extension", f"{phase.name} by {by}")
    seat_mail.deadline_extended(phase, by, power)


def missed_in_a_row(game: Game, seat: Seat) -> int:
    """Movement phases since the seat's player joined in which its power gave no orders,
    counted back from the latest until one with orders. A phase whose deadline fell
    inside the player's accepted absence is excused: it neither counts nor breaks
    the run (docs/lifecycle.md, "Absences")."""
    phases = game.phases.filter(
        status=Phase.Status.DONE, name__endswith="M", adjudicated__gt=seat.joined
    ).order_by("-ordinal")
    sheets = OrderSheet.objects.filter(phase__in=phases, power=seat.power)
    ordered = {phase_id for phase_id, parsed in sheets.values_list("phase_id", "parsed") if parsed}
    away = away_days(game, seat)
    zone = game.clock().tz
    count = 0
    for phase_id, deadline in phases.values_list("pk", "deadline"):
        if phase_id in ordered:
            break
        day = deadline.astimezone(zone).date()
        if not any(first <= day <= last for first, last in away):
            count += 1
    return count


def away_days(game: Game, seat: Seat) -> list[tuple[date, date]]:
    """The first and last days of the seat's player's accepted absences."""
    absences = Absence.objects.filter(
        game=game, user=seat.user, power=seat.power, status=Absence.Status.ACCEPTED
    )
    return list(absences.values_list("first_day", "last_day"))


def open_seats_of_absent_players(game: Game) -> list[OpenSeat]:
    """After a movement phase: open the seat of every player who missed the game's
    number of movement phases in a row. Full-information games only (ruling 26)."""
    if game.open_seat_after == 0 or game.is_fogged:
        return []
    absent = [
        seat
        for seat in game.seats.filter(status=Seat.Status.CIVIL_DISORDER).exclude(power="")
        if missed_in_a_row(game, seat) >= game.open_seat_after
    ]
    opened = [_open(game, seat.power, OpenSeat.Reason.MISSED, "missed") for seat in absent]
    for seat in absent:
        log(game, None, "open seat", f"{seat.power}: missed orders")
    return opened


@transaction.atomic
def set_seat_rules(
    game: Game,
    game_master: Any,
    open_after: int,
    extension: timedelta,
    in_lobby: bool,
    minimum: tuple[int | None, int | None] = (None, None),
) -> None:
    """The game master's open-seat settings (also set on the new-game form),
    with the minimum reliability and rating a newcomer from the lobby must have."""
    require_game_master(game, game_master)
    check_seat_rules(game.is_fogged, open_after, extension)
    Game.objects.filter(pk=game.pk).update(
        open_seat_after=open_after,
        newcomer_extension_minutes=int(extension.total_seconds() // 60),
        in_lobby=in_lobby,
        min_reliability=minimum[0],
        min_rating=minimum[1],
    )
    log(game, game_master, "seat rules", f"open after {open_after} missed, extend by {extension}")
    game.refresh_from_db()


def check_seat_rules(fogged: bool, open_after: int, extension: timedelta) -> None:
    if open_after and fogged:
        raise ActionError(
            "In a fog game nobody may learn who missed orders, so seats do not open "
            "on their own there: open one yourself, or set 0."
        )
    if open_after < 0 or extension < timedelta(0):
        raise ActionError("Use 0 or more for the open-seat settings.")
