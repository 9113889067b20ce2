"""The caretaker's one entry point: a record and the phase to order in, orders out.

    plan(record_json, "F1903M")      # -> Plan(orders=[...], retreat_lists=..., ...)

Every order is checked by the engine's own legality rules against the
power's own units before it is returned; one that fails (it should never
happen) becomes a hold, so a caretaker never sends an illegal order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudication.adjustments import check_adjustment_order
from adjudication.mapgraph import MapGraph
from adjudication.movement_checks import check_movement_order
from adjudication.parsing import ParseError, parse_order
from adjudication.types import ARMY, FLEET, Dislodged, Phase, PhaseKind, Position
from adjudication.types import Unit as BoardUnit
from adjudication.validation import check_retreat_order
from caretaker.adjustments import adjustment_orders
from caretaker.board import Board, board_for
from caretaker.memory import bounce_runs
from caretaker.movement import movement_orders
from caretaker.retreats import retreat_orders, retreat_preferences
from caretaker.view import SeatView

# Rule sets whose movement orders carry the season's retreats and builds.
ORDERS_IN_ADVANCE = frozenset({"reynolds1989"})


@dataclass(frozen=True)
class Plan:
    """What the caretaker sends for one phase."""

    orders: list[str]
    retreat_lists: dict[str, list[str]] = field(default_factory=dict)
    adjustment_lists: list[str] = field(default_factory=list)


def plan(
    record: Mapping[str, Any],
    phase: str,
    board: Board | None = None,
    earlier: Sequence[Mapping[str, Any]] = (),
) -> Plan:
    """The orders for ``phase`` from the power's own record, and nothing else;
    ``earlier``: the power's own records before it, oldest first (its memory)."""
    view = SeatView.read(record)
    board = board or board_for()
    kind = Phase.parse(phase).kind
    if kind is PhaseKind.MOVEMENT:
        bounced = bounce_runs(view.knowledge, earlier)
        orders = movement_orders(view, board, bounced, fall=phase.startswith("F"))
    elif kind is PhaseKind.RETREAT:
        orders = retreat_orders(view, board)
    else:
        orders = adjustment_orders(view, board)
    orders = [_legal_or_hold(text, view, phase, board.graph) for text in orders]
    if view.knowledge.preset in ORDERS_IN_ADVANCE and kind is PhaseKind.MOVEMENT:
        return _with_lists(view, board, orders, phase)
    return Plan([o for o in orders if o])


def _with_lists(view: SeatView, board: Board, orders: list[str], phase: str) -> Plan:
    retreats = {str(u): retreat_preferences(view, board, u)[:3] for u in view.units}
    return Plan(orders, retreats, _builds_ahead(view, board, orders) if phase[0] == "F" else [])


def _builds_ahead(view: SeatView, board: Board, orders: list[str]) -> list[str]:
    """Builds sent with Fall orders, surest first: the rules hand the entries still
    possible after the Fall to the adjudicator in order, which takes as many as are
    due and passes over the rest (a centre taken that Fall, a unit that failed to
    leave). First the owned home centres left empty that no foreign unit could
    take unseen; then those a known foreign unit could enter or the power cannot
    watch; last those an own unit is leaving. None where an own unit goes or stays,
    or a foreign unit stands."""
    entered = {order.split()[-1][:3] for order in orders if " - " in order}
    moving = {order.split(" - ")[0] for order in orders if " - " in order and " S " not in order}
    leaving = {u.province for u in view.units if str(u) in moving}
    staying = {u.province for u in view.units} - leaving
    homes = board.homes(view.power) & view.centres
    free = {h for h in homes - entered - staying if view.foreign_at(h) is None}

    def surest(home: str) -> tuple[bool, bool, str]:
        return (home in leaving, not _watched_and_quiet(view, board, home), home)

    return [f"A {home} B" for home in sorted(free, key=surest)]


def _watched_and_quiet(view: SeatView, board: Board, home: str) -> bool:
    """No foreign unit stands in the centre, none the power knows of could move in,
    and none could that it would not know of: it sees every neighbouring province."""
    seen = set(view.knowledge.sees)
    around = board.graph.neighbours.get(home, ())
    quiet = view.foreign_at(home) is None and not view.threatened(home, board)
    return quiet and all(p in seen for p in around)


def illegal_by_record(record: Mapping[str, Any], phase: str, orders: list[str]) -> list[str]:
    """The orders the engine's rules refuse on the board the power's own record shows."""
    view = SeatView.read(record)
    graph = board_for().graph
    return [text for text in orders if _refusal(text, view, phase, graph) is not None]


def _legal_or_hold(text: str, view: SeatView, phase: str, graph: MapGraph) -> str:
    """The order if the engine finds it legal for the own units, else a safe default."""
    return text if _refusal(text, view, phase, graph) is None else _fallback(text, phase)


def _refusal(text: str, view: SeatView, phase: str, graph: MapGraph) -> str | None:
    """Why the engine would refuse the order on the own units, or None."""
    try:
        order = parse_order(text, graph)
    except ParseError as error:
        return str(error)
    position = _own_position(view, phase)
    check = {
        PhaseKind.MOVEMENT: check_movement_order,
        PhaseKind.RETREAT: check_retreat_order,
        PhaseKind.ADJUSTMENT: check_adjustment_order,
    }[position.phase.kind]
    _, reason = check(order, view.power, position, graph)
    return reason


def _fallback(text: str, phase: str) -> str:
    """A hold in movement, a disband in retreats, nothing in adjustments."""
    unit = " ".join(text.split()[:2])
    return {"M": f"{unit} H", "R": f"{unit} D"}.get(phase[-1], "")


def _own_position(view: SeatView, phase: str) -> Position:
    units = tuple(_board_unit(view.power, str(u)) for u in view.units)
    dislodged = tuple(
        Dislodged(_board_unit(view.power, d.unit), None, False, d.retreat_options)
        for d in view.knowledge.dislodged_of(view.power)
    )
    centres = dict.fromkeys(view.centres, view.power)
    return Position(Phase.parse(phase), units, centres, dislodged)


def _board_unit(power: str, text: str) -> BoardUnit:
    kind, location = text.split()
    return BoardUnit(power, ARMY if kind == "A" else FLEET, location)
