"""The game master rolls back the last adjudication (docs/lifecycle.md,
"Game-master tools").

The phase that was adjudicated opens again with its orders as they were;
what its adjudication made goes: the phases after it (the open one, and any
phase played out on its own in the same run), every record from its ordinal
on, and its mail (cancelled if still waiting, marked void if sent, each named
in the log). Every phase row of the game is locked first, so a sweep that
would claim the open phase waits and then finds it gone, and a phase being
adjudicated right now is refused: nothing is ever adjudicated twice.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import gateway
from games.actions.base import ActionError, lock_game, log, require_game_master, require_status
from games.deadlines import horizon_problem
from games.emails import notify
from games.models import Game, KnowledgeRecord, Phase, PressMessage, Seat
from postoffice import posting
from postoffice.models import OutboxMessage


@transaction.atomic
def roll_back(game: Game, game_master: Any, deadline: datetime) -> Phase:
    """Reopen the last adjudicated phase until ``deadline``; returns it."""
    require_game_master(game, game_master)
    game = lock_game(game)
    if game.status == Game.Status.FINISHED:
        raise ActionError("The game has ended: its last adjudication cannot be rolled back.")
    require_status(game, Game.Status.ACTIVE, Game.Status.PAUSED)
    now = timezone.now()
    if problem := horizon_problem(deadline, now):
        raise ActionError(problem)
    if deadline <= now:
        raise ActionError("The new deadline must be in the future.")
    phases = list(Phase.objects.select_for_update().filter(game=game).order_by("ordinal"))
    target = phase_to_reopen(phases)
    later = [phase for phase in phases if phase.ordinal > target.ordinal]
    voided = _void_mail(target, later)
    _remove_what_it_made(game, target, later)
    _reopen(game, target, deadline, now)
    _restore_eliminated(game, target)
    gone = ", ".join(phase.name for phase in later)
    entry = log(game, game_master, "roll back", f"{target.name} open again; {gone} removed")
    if voided:
        log(game, game_master, "void mail", "; ".join(voided))
    notify.rolled_back(game, target, entry.pk)
    target.refresh_from_db()
    return target


def phase_to_reopen(phases: list[Phase]) -> Phase:
    """The phase the last adjudication began with (phases it then played out
    on their own share its adjudication time)."""
    if phases and phases[-1].status == Phase.Status.ADJUDICATING:
        busy = phases[-1].label
        raise ActionError(f"{busy} is being adjudicated now; try again once it is done.")
    done = [phase for phase in phases if phase.status == Phase.Status.DONE]
    if not done:
        raise ActionError("Nothing has been adjudicated yet, so there is nothing to roll back.")
    return next(phase for phase in done if phase.adjudicated == done[-1].adjudicated)


def _void_mail(target: Phase, later: list[Phase]) -> list[str]:
    about = Q(phase=target, kind=OutboxMessage.Kind.RESULTS) | Q(phase__in=later)
    rows = OutboxMessage.objects.filter(about).exclude(kind=OutboxMessage.Kind.PRESS)
    said = posting.void(rows.select_for_update())
    # Kept, with their phase forgotten, rather than deleted with it.
    OutboxMessage.objects.filter(phase__in=later).update(phase=None)
    return said


def _remove_what_it_made(game: Game, target: Phase, later: list[Phase]) -> None:
    PressMessage.objects.filter(phase__in=later).update(phase=None)  # press is kept
    KnowledgeRecord.objects.filter(game=game, ordinal__gte=target.ordinal).delete()
    Phase.objects.filter(pk__in=[phase.pk for phase in later]).delete()


def _reopen(game: Game, target: Phase, deadline: datetime, now: datetime) -> None:
    paused = max(deadline - now, timedelta(0)) if game.status == Game.Status.PAUSED else None
    Phase.objects.filter(pk=target.pk).update(
        status=Phase.Status.OPEN,
        deadline=deadline,
        paused_remaining=paused,
        outcome=None,
        adjudicated=None,
        claimed=None,
        failure_reason="",
    )
    target.order_sheets.update(ready=False)


def _restore_eliminated(game: Game, target: Phase) -> None:
    """A power the rolled-back adjudication put out is back in the game."""
    alive = gateway.powers_on_board(target.position)
    eliminated = game.seats.filter(status=Seat.Status.ELIMINATED, power__in=alive)
    eliminated.update(status=Seat.Status.ACTIVE)
