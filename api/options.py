"""Every order each of the caller's units may be given this phase (Diplicity's Options).

Worked out from the power's own knowledge record and the public map only,
by the same menus the web's order form offers (games.order_entry.choices):
never from another power's units, so the list is the same in every world
the power cannot tell apart. An order listed is one the map allows; whether
it succeeds is for the adjudication.
"""

from __future__ import annotations

from typing import Any

from adjudication.mapgraph import MapGraph
from adjudication.record import Knowledge
from games import access, gateway, order_entry
from games.access import Viewer
from games.models import Phase
from games.order_entry.choices import labelled, unit_label, unit_menu

WAIVE = "WAIVE"


def options_out(viewer: Viewer, phase: Phase) -> dict[str, Any]:
    knowledge = access.access_current_knowledge(viewer)
    board = gateway.board(viewer.game.preset)
    count = knowledge.adjustment_count(viewer.power) if knowledge and phase.kind == "A" else 0
    return {
        "phase": phase.name,
        "kind": phase.kind,
        "units": unit_options(board, knowledge, viewer.power, phase.kind),
        "builds": max(count, 0),
        "removals": max(-count, 0),
        "adjustments": adjustment_options(board, knowledge, viewer.power, count),
    }


def unit_options(
    board: MapGraph, knowledge: Knowledge | None, power: str, phase_kind: str
) -> list[dict[str, Any]]:
    """Each unit the power orders in a movement or retreat phase, with its menu."""
    if knowledge is None or phase_kind == "A":
        return []
    retreats = {entry.unit: entry.retreat_options for entry in knowledge.dislodged_of(power)}
    own = knowledge.units_of(power)
    return [
        {
            "unit": unit,
            "label": unit_label(board, unit),
            "orders": choices(unit_menu(board, unit, phase_kind, retreats.get(unit, ()), own)),
        }
        for unit in order_entry.orderable_units(knowledge, power, phase_kind)
    ]


def adjustment_options(
    board: MapGraph, knowledge: Knowledge | None, power: str, count: int
) -> list[dict[str, str]]:
    """The builds (and the waive) or the removals the power may order, when any are due."""
    if count == 0:
        return []
    values = order_entry.adjustment_choices(board, knowledge, power)
    menu = labelled(board, [*values, WAIVE] if count > 0 else values)
    return choices(menu)


def choices(menu: Any) -> list[dict[str, str]]:
    return [{"order": value, "label": label} for value, label in menu]
