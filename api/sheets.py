"""The caller's own order sheet for the open phase, and what the phase asks of it.

A program that restarts, or a second device, reads back what is saved: the
orders in the rules' notation, the 1989 lists sent ahead, the ready flag, and
what is owed this phase (the units to order, each dislodged unit's retreats,
the builds or removals due). Everything here comes from the power's own
sheet and its own knowledge record and the public map: never another
power's units, so it tells the caller nothing it could not see.
"""

from __future__ import annotations

from typing import Any

from ninja.errors import HttpError

from adjudication.mapgraph import MapGraph
from adjudication.record import Knowledge
from games import access, gateway, order_entry
from games.access import Viewer
from games.models import Game, OrderSheet, Phase
from games.order_entry.choices import free_home_centres


def open_phase_of(viewer: Viewer) -> Phase | None:
    """The phase now taking orders, or None when none is (forming, over, adjudicating)."""
    if viewer.game.status == Game.Status.FINISHED:
        return None
    phase = access.access_open_phase(viewer)
    return phase if phase is not None and phase.status == Phase.Status.OPEN else None


def ordering_phase(viewer: Viewer) -> Phase:
    """The open phase a player reads their sheet or options for: 403 for a
    member with no power, 404 when no phase is open."""
    if not viewer.is_player:
        raise HttpError(403, "Only a player with a power has orders in this game.")
    phase = open_phase_of(viewer)
    if phase is None:
        raise HttpError(404, "No phase is open for orders.")
    return phase


def sheet_out(
    viewer: Viewer, phase: Phase, sheet: OrderSheet | None, power: str | None = None
) -> dict[str, Any]:
    """The saved sheet (empty when nothing is saved yet) beside what is owed:
    the viewer's own, or (for the game master entering a power's orders) that
    power's, from that power's record."""
    power = power or viewer.power
    knowledge = access.access_current_knowledge(viewer, power)
    board = gateway.board(viewer.game.preset)
    extras = sheet.extras if sheet is not None else {}
    return {
        "phase": phase.name,
        "kind": phase.kind,
        "saved": sheet is not None and sheet.updated is not None,
        "orders": list(sheet.parsed) if sheet is not None else [],
        "retreat_lists": extras.get("retreat_lists", {}),
        "adjustment_lists": extras.get("adjustment_lists", []),
        "ready": bool(sheet is not None and sheet.ready),
        "updated": sheet.updated if sheet is not None else None,
        "owed": owed(board, knowledge, power, phase.kind),
    }


def owed(
    board: MapGraph, knowledge: Knowledge | None, power: str, phase_kind: str
) -> dict[str, Any]:
    """What the phase asks of the power, from its own record: the units it
    orders, each dislodged unit's retreats, and the builds or removals due."""
    count = knowledge.adjustment_count(power) if knowledge and phase_kind == "A" else 0
    dislodged = knowledge.dislodged_of(power) if knowledge and phase_kind == "R" else ()
    return {
        "units": order_entry.orderable_units(knowledge, power, phase_kind),
        "retreats": [
            {"unit": entry.unit, "options": list(entry.retreat_options)} for entry in dislodged
        ],
        "builds": max(count, 0),
        "removals": max(-count, 0),
        "build_sites": free_home_centres(board, knowledge, power) if count > 0 else [],
    }
