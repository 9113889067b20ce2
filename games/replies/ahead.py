"""``PHASE F1901R`` (or ``PHASE W1901A``) during a movement phase: the order
lines after it are kept for that later phase (games/actions/ahead.py). The
answer says only what was kept: nothing is checked against a board that
does not exist yet, so it is the same whatever the power cannot see."""

from __future__ import annotations

from games import access, actions
from games.actions.ahead import keep_orders_ahead, phases_ahead
from games.models import Phase
from games.replies import judge
from games.replies.orders import SheetOutcome
from postoffice.inbound.commands import Command, Reading
from postoffice.inbound.said import Said

KEPT = "kept for {label}; applied when that phase opens if still possible"


def phase_ahead_named(reading: Reading, phase: Phase | None) -> str:
    """The later phase a PHASE line names, when orders may be given ahead for it."""
    if phase is None:
        return ""
    named = [judge.phase_code(c.body) for c in reading.commands if c.word == "PHASE"]
    return next((name for name in named if name in phases_ahead(phase.name)), "")


def keep_ahead(
    viewer: access.Viewer, phase: Phase, orders: list[Command], phase_name: str
) -> SheetOutcome:
    """Keep the order lines for ``phase_name``: each answered as kept, or all
    refused with the reason when they cannot be kept."""
    lines = [command.body or command.text for command in orders if command.word == "ORDER"]
    try:
        keep_orders_ahead(phase, viewer.user, viewer.power, phase_name, lines)
    except actions.ActionError as error:
        return SheetOutcome([Said(command.text, error=str(error)) for command in orders])
    label = judge.phase_label(phase_name)
    said = [kept_line(command, label) for command in orders]
    return SheetOutcome(said, held=all(c.word == "ORDER" for c in orders))


def kept_line(command: Command, label: str) -> Said:
    if command.word != "ORDER":
        return Said(command.text, error=f"could not keep this line for {label}: send it then")
    return Said(command.text, KEPT.format(label=label))
