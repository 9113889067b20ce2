"""Players' writes: orders for the open phase and the "ready" switch."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine
from games.actions.adjudication import claim_phase_now, enqueue_adjudication
from games.actions.base import ActionError
from games.models import Game, OrderSheet, Phase, Seat
from games.records import own_units


class OrdersInvalid(ActionError):
    """Some lines could not be read or are not the power's to give."""

    def __init__(self, checked: list[engine.CheckedLine]) -> None:
        self.checked = checked
        wrong = [line for line in checked if not line.ok]
        super().__init__(f"{len(wrong)} order line(s) could not be used; nothing was saved.")


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
    lines: list[str],
    advance: Advance | None = None,
    now: datetime | None = None,
) -> OrderSheet:
    """Replace the power's orders for the phase; one order per unit, the last wins.

    ``advance`` carries the 1989 rules' lists sent with movement orders:
    ``{"retreat_lists": {unit: "ALB IF SER EMPTY, ADR"}, "adjustment_lines": [...]}``.
    """
    require_open(phase, now or timezone.now())
    units = own_units(phase.game, power, phase.kind)
    checked = [engine.check_line(line, units, phase.kind) for line in lines if line.strip()]
    extras, extra_checked = read_advance(advance or {}, units)
    if not all(line.ok for line in checked + extra_checked):
        raise OrdersInvalid(checked + extra_checked)
    sheet, _ = OrderSheet.objects.select_for_update().get_or_create(phase=phase, power=power)
    sheet.typed = "\n".join(line.text for line in checked)
    sheet.parsed = one_order_per_unit([line.order for line in checked])
    sheet.extras = extras
    sheet.submitted_by = user
    sheet.updated = now or timezone.now()
    sheet.save()
    seats = phase.game.seats.filter(power=power, status=Seat.Status.CIVIL_DISORDER)
    seats.update(status=Seat.Status.ACTIVE)
    return sheet


Advance = dict[str, Any]


def read_advance(advance: Advance, units: list[str]) -> tuple[Advance, list[engine.CheckedLine]]:
    """The 1989 lists in the engine's notation, and every entry that could not be read."""
    retreats, problems = {}, []
    for unit, text in advance.get("retreat_lists", {}).items():
        try:
            entries = engine.read_retreat_list(text)
        except ValueError as error:
            problems.append(engine.CheckedLine(f"{unit} retreats: {text}", error=str(error)))
            continue
        if entries:
            retreats[unit] = entries
    adjustments = engine.read_adjustment_list(advance.get("adjustment_lines", []), units)
    extras: Advance = {"retreat_lists": retreats} if retreats else {}
    if adjustments:
        extras["adjustment_lists"] = [line.order for line in adjustments if line.ok]
    return extras, problems + [line for line in adjustments if not line.ok]


def one_order_per_unit(orders: list[str]) -> list[str]:
    """Later orders for the same unit replace earlier ones; builds are kept as given."""
    by_unit: dict[str, str] = {}
    for order in orders:
        words = order.split()
        key = order if words[-1] in ("B", "WAIVE") else words[1][:3]
        by_unit[key] = order
    return list(by_unit.values())


@transaction.atomic
def set_ready(phase: Phase, user: Any, power: str, ready: bool) -> OrderSheet:
    """Mark the power ready (or not); when every seated power is, the phase ends now."""
    require_open(phase, timezone.now())
    sheet, _ = OrderSheet.objects.select_for_update().get_or_create(phase=phase, power=power)
    sheet.ready = ready
    sheet.save(update_fields=["ready"])
    if ready and everyone_ready(phase) and claim_phase_now(phase):
        enqueue_adjudication(phase)
    return sheet


def everyone_ready(phase: Phase) -> bool:
    seats = phase.game.seats.filter(status=Seat.Status.ACTIVE).exclude(power="")
    powers = set(seats.values_list("power", flat=True))
    ready = set(phase.order_sheets.filter(ready=True).values_list("power", flat=True))
    return bool(powers) and powers <= ready
