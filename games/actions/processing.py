"""Claiming phases and processing them, exactly once, in one transaction.

A phase moves OPEN -> ADJUDICATING by a conditional UPDATE: "if one row
changed it is mine". Only the holder of that claim adjudicates, inside one
transaction that writes the outcome, every knowledge record and the next
phase together, so a worker killed halfway leaves nothing behind and the
claim can safely be run again. A failure marks the phase FAILED with its
reason; the game master can retry it.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import InterfaceError, OperationalError, transaction
from django.db.models import BooleanField, ExpressionWrapper, F, Q, QuerySet
from django.utils import timezone

from common.isolated import isolated
from common.prepared import prepared
from games import gateway, standing_facts
from games.actions.base import lock_phase, log
from games.actions.clock import extend_for_missing_orders, has_a_choice
from games.actions.seats import open_seats_of_absent_players
from games.actions.setup import open_phase
from games.actions.votes import close_open_proposal, finish_game
from games.emails import notify
from games.models import Game, OrderSheet, Phase, ResultKind, Seat
from games.records import records_before, store_records

logger = logging.getLogger(__name__)
STUCK_AFTER = timedelta(minutes=10)


def due(now: datetime) -> Q:
    """Past its deadline, or past the early end after everyone was ready."""
    return Q(deadline__lte=now) | Q(early_end__lte=now)


# Whether the game could still give the phase grace; only those phases are
# locked and looked at further (most games give none, and a burst of
# deadlines is claimed without a lock each).
GRACE_LEFT = Q(game__grace_minutes__gt=0, extensions__lt=F("game__grace_extensions"))


def claim_due_phases(now: datetime | None = None) -> list[int]:
    """Claim every open phase that is due in a running game, unless a power
    sent no orders and the game gives it more time (games.actions.clock)."""
    now = now or timezone.now()
    return [
        phase.pk
        for phase in due_phases(now=now)
        if not (_may_extend(phase) and _gives_grace(phase.pk, now)) and _claim(phase.pk, now)
    ]


def _may_extend(phase: Phase) -> bool:
    """The annotation due_phases reads with each phase."""
    return bool(phase.may_extend)  # type: ignore[attr-defined]


# The sweep's reads are compiled once (common.prepared): the beat asks them every
# few seconds, mostly to find nothing due.


@prepared
def due_phases(now: datetime) -> QuerySet[Phase]:
    """The open phases of running games that are due, each with ``may_extend``."""
    phases = Phase.objects.filter(
        due(now), status=Phase.Status.OPEN, game__status=Game.Status.ACTIVE
    )
    may_extend = ExpressionWrapper(GRACE_LEFT, output_field=BooleanField())
    return phases.annotate(may_extend=may_extend).only("pk")


@prepared
def stuck_phases(claimed_before: datetime) -> QuerySet[Phase]:
    rows = Phase.objects.filter(status=Phase.Status.ADJUDICATING, claimed__lt=claimed_before)
    return rows.only("pk", "claimed")


def _gives_grace(pk: int, now: datetime) -> bool:
    """extend_for_missing_orders; a failure to decide gives no grace (the
    deadline has passed) and never stops the sweep (common.isolated)."""
    failed = f"deciding grace for phase {pk} failed; it is adjudicated without"
    return isolated(extend_for_missing_orders, pk, now, fallback=False, failed=failed)


def _claim(pk: int, now: datetime) -> bool:
    claimed = Phase.objects.filter(due(now), pk=pk, status=Phase.Status.OPEN).update(
        status=Phase.Status.ADJUDICATING, claimed=now
    )
    return claimed == 1


def reclaim_stuck_phases(now: datetime | None = None) -> list[int]:
    """Take over claims older than STUCK_AFTER: their worker died before committing."""
    now = now or timezone.now()
    taken = []
    for phase in stuck_phases(claimed_before=now - STUCK_AFTER):
        rows = Phase.objects.filter(
            pk=phase.pk, status=Phase.Status.ADJUDICATING, claimed=phase.claimed
        )
        if rows.update(claimed=now) == 1:
            taken.append(phase.pk)
    return taken


def claim_phase_now(phase: Phase) -> bool:
    """Claim an open phase before its deadline (everyone ready, or process now)."""
    rows = Phase.objects.filter(pk=phase.pk, status=Phase.Status.OPEN)
    return rows.update(status=Phase.Status.ADJUDICATING, claimed=timezone.now()) == 1


def adjudicate_phase(phase_id: int) -> Phase:
    """Adjudicate a claimed phase; a second call (or a second worker) changes nothing."""
    try:
        with transaction.atomic():
            phase = lock_phase(phase_id)
            if phase.status == Phase.Status.ADJUDICATING:
                _adjudicate(phase, timezone.now())
            return phase
    except (OperationalError, InterfaceError):
        # The database went away (a dropped connection, a restart): the
        # transaction wrote nothing and the claim stands, so the sweep takes the
        # phase up again once the claim is stuck. Marking it failed would stop
        # the game until the game master retried.
        logger.exception("adjudicating phase %s lost the database; the sweep retries it", phase_id)
        raise
    except Exception as error:  # recorded on the phase and in the log, never swallowed
        logger.exception("adjudicating phase %s failed", phase_id)
        return _mark_failed(phase_id, error)


def _mark_failed(phase_id: int, error: Exception) -> Phase:
    with transaction.atomic():
        phase = lock_phase(phase_id)
        reason = f"{type(error).__name__}: {error}"
        Phase.objects.filter(pk=phase.pk).update(status=Phase.Status.FAILED, failure_reason=reason)
        log(phase.game, None, "failed", f"{phase.name}: {reason}")
        phase.refresh_from_db()
        return phase


def _adjudicate(phase: Phase, now: datetime) -> None:
    game = phase.game
    sheets = list(phase.order_sheets.all())
    orders = {sheet.power: list(sheet.parsed) for sheet in sheets}
    extras = {sheet.power: dict(sheet.extras) for sheet in sheets if sheet.extras}
    previous = records_before(game, phase.ordinal)
    _count_deadline(phase, sheets)
    result = gateway.run_phase(game.preset, phase.position, orders, previous, extras)
    _record_result(phase, result, now)
    if phase.kind == "M":
        _mark_civil_disorder(game, {power for power, given in orders.items() if given})
        open_seats_of_absent_players(game)
    notify.phase_adjudicated(phase)
    if _ended_by_vote(game, result):
        return
    ordinal = phase.ordinal + 1
    while not result.winner:
        skipped = gateway.run_phase_if_nothing_to_do(
            game.preset, result.next_position, result.records
        )
        if skipped is None:
            break
        _record_skipped(game, ordinal, result.next_position, skipped, now)
        result, ordinal = skipped, ordinal + 1
    if ordinal > phase.ordinal + 1:  # the board moved on past skipped phases
        _mark_eliminated(game, result.next_position)
    if result.winner:
        _finish(game, result.winner, now)
    else:
        _open_next(game, ordinal, result.next_position, now)


def _count_deadline(phase: Phase, sheets: list[OrderSheet]) -> None:
    """For each player's standing: the seated powers that had a choice owed
    orders; those that sent neither an order nor "ready" missed the deadline."""
    game = phase.game
    seats = game.seats.filter(status__in=[Seat.Status.ACTIVE, Seat.Status.CIVIL_DISORDER])
    seated = set(seats.exclude(power="").values_list("power", flat=True))
    sent = {sheet.power for sheet in sheets if sheet.parsed or sheet.extras or sheet.ready}
    # A record is read only for a power that sent nothing, as missing_orders does.
    silent = {power for power in seated - sent if has_a_choice(game, power, phase.kind)}
    owed = (seated & sent) | silent
    standing_facts.deadline_passed(game, phase.ordinal, owed, sent)


def _ended_by_vote(game: Game, result: gateway.PhaseResult) -> bool:
    """The open proposal is decided with the phase, on the board it left (a
    fog game's may pass then, unless a power has just won; a standard game's
    fails); True if the game ended by it. The powers gone from that board are
    marked eliminated first, and again only if skipped phases move it on."""
    _mark_eliminated(game, result.next_position)
    return close_open_proposal(game, may_pass=not result.winner)


def _record_result(phase: Phase, result: gateway.PhaseResult, now: datetime) -> None:
    phase.outcome = result.outcome
    phase.status = Phase.Status.DONE
    phase.adjudicated = now
    phase.failure_reason = ""
    phase.save(update_fields=["outcome", "status", "adjudicated", "failure_reason"])
    store_records(phase.game, phase, phase.ordinal, result.records)
    log(phase.game, None, "adjudicated", phase.name)


def _record_skipped(
    game: Game, ordinal: int, position: dict[str, Any], result: gateway.PhaseResult, now: datetime
) -> None:
    """A phase nobody had a choice in, kept in the history like any other."""
    phase = Phase.objects.create(
        game=game,
        ordinal=ordinal,
        name=position["phase"],
        deadline=now,
        position=position,
        status=Phase.Status.ADJUDICATING,
    )
    _record_result(phase, result, now)


def _open_next(game: Game, ordinal: int, position: dict[str, Any], now: datetime) -> None:
    open_phase(game, ordinal, position, now)


def _mark_civil_disorder(game: Game, ordered: set[str]) -> None:
    """A seated power that gave no movement orders is in civil disorder until it orders
    again; the game master sees it, and it no longer holds up an early end."""
    seats = game.seats.filter(status=Seat.Status.ACTIVE).exclude(power="")
    seats.exclude(power__in=ordered).update(status=Seat.Status.CIVIL_DISORDER)


def _mark_eliminated(game: Game, position: dict[str, Any]) -> None:
    alive = gateway.powers_on_board(position)
    playing = [Seat.Status.ACTIVE, Seat.Status.CIVIL_DISORDER]
    seats = game.seats.filter(status__in=playing).exclude(power__in=alive).exclude(power="")
    seats.update(status=Seat.Status.ELIMINATED)


def _finish(game: Game, winner: str, now: datetime) -> None:
    finish_game(game, ResultKind.SOLO, [winner])
