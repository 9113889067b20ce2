"""The game master's controls: deadlines, pause and resume, players, the end."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import standing_facts
from games.actions.base import ActionError, lock_game, log, require_game_master, require_status
from games.actions.votes import finish_game
from games.deadlines import HORIZON, horizon_problem, may_extend, next_deadline
from games.emails import notify, seat_mail
from games.models import Game, Phase, ResultKind, Seat


def _open_phase(game: Game) -> Phase:
    phase = game.phases.filter(status=Phase.Status.OPEN).order_by("-ordinal").first()
    if phase is None:
        raise ActionError("There is no open phase.")
    return phase


@transaction.atomic
def set_deadline(game: Game, game_master: Any, deadline: datetime) -> Phase:
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.ACTIVE)
    now = timezone.now()
    if problem := horizon_problem(deadline, now):
        raise ActionError(problem)
    if deadline <= now:
        raise ActionError("The new deadline must be in the future.")
    phase = _open_phase(game)
    Phase.objects.filter(pk=phase.pk).update(deadline=deadline)
    log(game, game_master, "set deadline", f"{phase.name}: {deadline:%Y-%m-%d %H:%M} UTC")
    phase.refresh_from_db()
    notify.clock_changed(phase, "moved", timezone.now())
    return phase


@transaction.atomic
def extend_deadline(game: Game, game_master: Any, by: timedelta) -> Phase:
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.ACTIVE)
    if by <= timedelta(0):
        raise ActionError("Extend by a positive amount of time.")
    phase = _open_phase(game)
    if not may_extend(phase.deadline, by, timezone.now()):
        raise ActionError(f"A deadline may be at most {HORIZON.days} days ahead.")
    Phase.objects.filter(pk=phase.pk).update(deadline=phase.deadline + by)
    log(game, game_master, "extend deadline", f"{phase.name} by {by}")
    phase.refresh_from_db()
    notify.clock_changed(phase, "extended", timezone.now())
    return phase


@transaction.atomic
def pause_game(game: Game, game_master: Any) -> None:
    """Stop the clock: the open phase keeps the time it had left."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.ACTIVE)
    now = timezone.now()
    for phase in game.phases.filter(status=Phase.Status.OPEN):
        phase.paused_remaining = max(phase.deadline - now, timedelta(0))
        phase.save(update_fields=["paused_remaining"])
        notify.clock_changed(phase, "paused", now)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PAUSED)
    log(game, game_master, "pause")


@transaction.atomic
def resume_game(game: Game, game_master: Any) -> None:
    """Restart the clock with the time the open phase had left when paused."""
    require_game_master(game, game_master)
    game = lock_game(game)
    require_status(game, Game.Status.PAUSED)
    now = timezone.now()
    for phase in game.phases.filter(status=Phase.Status.OPEN):
        phase.deadline = deadline_on_resuming(game, phase, now)
        phase.paused_remaining = None
        phase.save(update_fields=["deadline", "paused_remaining"])
        notify.clock_changed(phase, "resumed", now)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    log(game, game_master, "resume")


def deadline_on_resuming(game: Game, phase: Phase, now: datetime) -> datetime:
    """The time left when paused; a phase with none saved (it opened while
    paused, before that was kept) or with none left gets its whole length, so
    resuming never makes a phase due at once, adjudicated with nobody's orders."""
    left = phase.paused_remaining
    if left is None or left <= timedelta(0):
        return next_deadline(now, phase.kind, game.clock())
    return now + left


@transaction.atomic
def replace_player(game: Game, game_master: Any, seat: Seat, new_user: Any) -> Seat:
    """Hand a power to someone else; the old seat is kept, marked replaced. The
    old player is told; the new one gets the catch-up email (docs/lifecycle.md)."""
    require_game_master(game, game_master)
    game = lock_game(game)
    if new_user.pk == game.game_master_id or game.seat_of(new_user):
        raise ActionError(f"{new_user} is already in this game.")
    Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.REPLACED)
    new_seat = Seat.objects.create(game=game, user=new_user, power=seat.power)
    standing_facts.seat_left(seat)
    standing_facts.seat_taken(new_seat, timezone.now())
    log(game, game_master, "replace player", f"{seat.power}: {seat.user} -> {new_user}")
    seat_mail.farewell(seat, "replaced")
    seat_mail.catch_up(new_seat, game.phases.filter(status=Phase.Status.OPEN).last())
    return new_seat


@transaction.atomic
def end_game(game: Game, game_master: Any, result: str = "") -> None:
    require_game_master(game, game_master)
    game = lock_game(game)
    if game.status == Game.Status.FINISHED:
        raise ActionError("The game has already ended.")
    result = result or "Ended by the game master"
    log(game, game_master, "end game", result)
    finish_game(game, ResultKind.ENDED, [], result)


def set_spectators_allowed(game: Game, game_master: Any, allowed: bool) -> None:
    """Whether signed-in people with no part in the game may watch it (docs/lifecycle.md)."""
    require_game_master(game, game_master)
    Game.objects.filter(pk=game.pk).update(spectators_allowed=allowed)
    log(game, game_master, "spectators", "allowed" if allowed else "not allowed")


def set_unfog_when_finished(game: Game, game_master: Any, unfog: bool) -> None:
    require_game_master(game, game_master)
    Game.objects.filter(pk=game.pk).update(unfog_when_finished=unfog)
    log(game, game_master, "unfog when finished", "on" if unfog else "off")
