"""Orders given ahead: during a movement phase a power may send the orders
for the retreat or adjustment phase that follows it this year
(``PHASE F1901R``, ``PHASE W1901A``). They are kept as typed, whatever the
board will be: whether a unit is dislodged or a centre gained is not known
yet, and in fog the answer must not depend on it. When that phase opens each
line still legal for the power, read from its own record as the web reads
it, is entered; the rest are dropped, with the reason."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import gateway
from games.actions.base import ActionError, require_seat
from games.actions.orders import _save_orders, require_open
from games.models import OrdersAhead, Phase
from games.order_entry import OrderDraft, read_orders
from games.records import latest_knowledge

MOST_LINES_AHEAD = 40


def phases_ahead(open_name: str) -> tuple[str, ...]:
    """The phases orders may be given ahead for while ``open_name`` is open:
    this season's retreats from its movement, and this year's adjustments
    from the fall's movement or retreats."""
    season, year, kind = open_name[0], open_name[1:-1], open_name[-1]
    ahead = (f"{season}{year}R",) if kind == "M" else ()
    return ahead + ((f"W{year}A",) if season == "F" and kind in "MR" else ())


@transaction.atomic
def keep_orders_ahead(
    phase: Phase, user: Any, power: str, phase_name: str, lines: Sequence[str]
) -> OrdersAhead:
    """Keep ``lines`` for the later phase ``phase_name``, in place of any kept before."""
    require_seat(phase.game, user, power)
    require_open(phase, timezone.now())
    if phase_name not in phases_ahead(phase.name):
        raise ActionError(not_ahead(phase))
    if len(lines) > MOST_LINES_AHEAD:
        raise ActionError(f"{len(lines)} lines are too many to keep: at most {MOST_LINES_AHEAD}.")
    kept, _ = OrdersAhead.objects.update_or_create(
        game=phase.game, power=power, phase_name=phase_name, defaults={"lines": list(lines)}
    )
    return kept


def not_ahead(phase: Phase) -> str:
    names = " or ".join(phases_ahead(phase.name))
    later = f"orders ahead are taken for {names} only" if names else "no orders ahead are taken now"
    return f"orders are taken for {phase.label} ({phase.name}); {later}"


def apply_orders_ahead(phase: Phase) -> None:
    """Enter what each power kept for ``phase``, now that it is open."""
    rows = OrdersAhead.objects.filter(game=phase.game, phase_name=phase.name, opened=False)
    for kept in rows:
        _apply_one(phase, kept)


def _apply_one(phase: Phase, kept: OrdersAhead) -> None:
    knowledge = latest_knowledge(phase.game, kept.power)
    board = gateway.board(phase.game.preset)
    read = [read_orders(board, [line], knowledge, kept.power, phase.kind) for line in kept.lines]
    judged = list(zip(kept.lines, read, strict=True))
    good = [line for line, draft in judged if draft.ok]
    kept.dropped = [[line, reason] for line, draft in judged if (reason := _reason(draft))]
    if good:
        _enter(phase, kept, good)
    kept.opened = True
    kept.save()


def _enter(phase: Phase, kept: OrdersAhead, good: list[str]) -> None:
    seat = phase.game.active_seats().filter(power=kept.power).first()
    try:
        sheet = _save_orders(phase, seat.user if seat else None, kept.power, good, timezone.now())
    except ActionError as error:
        kept.dropped += [[line, str(error)] for line in good]
        return
    kept.applied = list(sheet.parsed)


def _reason(draft: OrderDraft) -> str:
    """The first reason order entry gave against the line, or "" when it held."""
    return next((line.error for line in draft.every_line if line.error), "")
