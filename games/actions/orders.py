"""Orders for the open phase and the "ready" switch: a player's own, or the
game master's for a power, which is its own logged action."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games import gateway
from games.actions.base import ActionError, lock_phase, log, require_game_master, require_seat
from games.actions.clock import cancel_early_end, start_early_end
from games.models import Game, OrderSheet, Phase, Seat
from games.order_entry import CheckedLine, OrderDraft, PlayerInput, read_orders, sheet_problem
from games.records import latest_knowledge


class OrdersInvalid(ActionError):
    """Some lines could not be read or are not the power's to give."""

    def __init__(self, checked: list[CheckedLine]) -> None:
        self.checked = checked
        wrong = [line for line in checked if not line.ok]
        super().__init__(f"{len(wrong)} order line(s) could not be used; nothing was saved.")


class SheetRefused(ActionError):
    """The sheet is refused whole before a line is read (games/order_entry/bounds.py)."""


def require_open(phase: Phase, now: datetime) -> None:
    if phase.game.status != Game.Status.ACTIVE:
        raise ActionError("The game is not running, so orders cannot be changed now.")
    if phase.status != Phase.Status.OPEN or phase.deadline <= now:
        raise ActionError("This phase is closed; orders can no longer be changed.")


@transaction.atomic
def submit_orders(
    phase: Phase,
    user: Any,
    power: str,
    given: PlayerInput | Sequence[str],
    now: datetime | None = None,
) -> OrderSheet:
    """Replace the orders of the power the user plays; one order per unit, the last wins.

    ``given`` is what the player picked and typed (a plain list of lines, or a
    PlayerInput that also carries the 1989 lists sent with movement orders).
    """
    require_seat(phase.game, user, power)
    return _save_orders(phase, user, power, given, now or timezone.now())


@transaction.atomic
def submit_orders_for_power(
    phase: Phase,
    game_master: Any,
    power: str,
    given: PlayerInput | Sequence[str],
    now: datetime | None = None,
) -> OrderSheet:
    """The game master enters a power's orders (given by post or phone, say); logged."""
    require_game_master(phase.game, game_master)
    sheet = _save_orders(phase, game_master, power, given, now or timezone.now())
    log(phase.game, game_master, "orders for power", f"{power} in {phase.name}")
    return sheet


def _save_orders(
    phase: Phase, user: Any, power: str, given: PlayerInput | Sequence[str], now: datetime
) -> OrderSheet:
    given = given if isinstance(given, PlayerInput) else PlayerInput(lines=tuple(given))
    if problem := sheet_problem(given):
        raise SheetRefused(f"{problem} Nothing was saved.")
    # Read afresh under the lock: a claim that closed the phase since the page
    # was drawn refuses these orders rather than losing them.
    phase = lock_phase(phase)
    require_open(phase, now)
    board = gateway.board(phase.game.preset)
    draft = read_orders(board, given, latest_knowledge(phase.game, power), power, phase.kind)
    if not draft.ok:
        raise OrdersInvalid(draft.every_line)
    sheet = _write_sheet(phase, power, draft, user, now)
    seats = phase.game.seats.filter(power=power, status=Seat.Status.CIVIL_DISORDER)
    seats.update(status=Seat.Status.ACTIVE)
    return sheet


def _write_sheet(
    phase: Phase, power: str, draft: OrderDraft, user: Any, now: datetime
) -> OrderSheet:
    sheet, _ = OrderSheet.objects.select_for_update().get_or_create(phase=phase, power=power)
    sheet.typed = draft.typed
    sheet.parsed = list(draft.orders)
    sheet.extras = draft.extras
    sheet.submitted_by = user
    sheet.updated = now
    sheet.save()
    return sheet


@transaction.atomic
def set_ready(phase: Phase, user: Any, power: str, ready: bool) -> OrderSheet:
    """Mark the power the user plays ready (or not). When every seated power is,
    the phase ends after the game's short delay, not at once: how fast results
    come must not tell the last to click that the others were ready. Taking
    "ready" back inside the delay cancels the early end."""
    now = timezone.now()
    require_seat(phase.game, user, power)
    phase = lock_phase(phase)
    require_open(phase, now)
    sheet, _ = OrderSheet.objects.select_for_update().get_or_create(phase=phase, power=power)
    sheet.ready = ready
    sheet.save(update_fields=["ready"])
    if ready and everyone_ready(phase):
        start_early_end(phase, now)
    elif not ready:
        cancel_early_end(phase)
    return sheet


def everyone_ready(phase: Phase) -> bool:
    powers = set(seats_to_be_ready(phase.game).values_list("power", flat=True))
    ready = set(phase.order_sheets.filter(ready=True).values_list("power", flat=True))
    return bool(powers) and powers <= ready


def seats_to_be_ready(game: Game) -> QuerySet[Seat]:
    """Whose "ready" an early end waits for. In a fog game every seat that is
    not open to a newcomer (public, ruling 26): whether a power is eliminated,
    in civil disorder or has anything to order is hidden, so none of it may
    change when results come (docs/fog.md, "Over the whole timeline")."""
    if game.is_fogged:
        return game.active_seats().exclude(power="")
    return game.seats.filter(status=Seat.Status.ACTIVE).exclude(power="")
