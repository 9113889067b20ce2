"""The engine's front door: adjudicate any phase, and move to the next one.

outcome = adjudicate(position, {"FRANCE": ["A PAR - BUR"]})
following = next_phase(outcome.next_position, hold_empty_phases=False)
"""

from __future__ import annotations

from dataclasses import replace

from adjudication.adjustments import adjudicate_adjustments
from adjudication.facts import convoy_route, movement_facts
from adjudication.intake import Given, OrderLines, take_orders
from adjudication.mapgraph import MapGraph, load_map
from adjudication.movement import (
    build_board,
    dislodging,
    moved_units,
    retreat_options,
    standoffs,
)
from adjudication.orders import Convoy, Hold, Move, SupportHold, SupportMove
from adjudication.outcome import OrderResult, Outcome, Result
from adjudication.phases import STANDARD_RULES, Rules, has_nothing_to_do
from adjudication.resolver import Board, Resolver
from adjudication.retreats import adjudicate_retreats
from adjudication.types import Dislodged, PhaseKind, Position
from adjudication.validation import check_movement_order


def adjudicate(
    position: Position,
    orders: OrderLines,
    rules: Rules = STANDARD_RULES,
    graph: MapGraph | None = None,
) -> Outcome:
    """Adjudicate the phase ``position`` is in, with ``{power: [order, ...]}``.

    Orders may be text in any notation the parser reads, or parsed orders.
    A line that cannot be read raises ``parsing.ParseError``.
    """
    graph = graph or load_map(position.variant)
    if position.phase.kind is PhaseKind.MOVEMENT:
        return adjudicate_movement(position, orders, rules, graph)
    if position.phase.kind is PhaseKind.RETREAT:
        return adjudicate_retreats(position, orders, rules, graph)
    return adjudicate_adjustments(position, orders, rules, graph)


def next_phase(
    position: Position,
    hold_empty_phases: bool,
    rules: Rules = STANDARD_RULES,
    graph: MapGraph | None = None,
) -> Position:
    """The position a game goes on with after ``position``'s phase opened.

    With ``hold_empty_phases`` (fog games) every phase is held and this is
    ``position`` itself; otherwise retreat and adjustment phases where no
    power has a choice are played out with no orders and skipped.
    """
    graph = graph or load_map(position.variant)
    while not hold_empty_phases and has_nothing_to_do(position, graph):
        position = adjudicate(position, {}, rules, graph).next_position
    return position


def adjudicate_movement(
    position: Position, orders: OrderLines, rules: Rules, graph: MapGraph
) -> Outcome:
    given = take_orders(orders, position, graph, check_movement_order)
    board = build_board(graph, dict(position.by_province), given)
    resolver = Resolver(board, rules.backup)
    result = resolver.resolve_all()
    after = moved_units(board, given, result)
    occupied = {unit.province for unit in after}
    stood_off = standoffs(board, resolver, occupied)
    dislodged = _dislodged(board, result, graph, occupied | set(stood_off))
    return Outcome(
        position=position,
        orders=tuple(_order_result(g, resolver, dislodged) for g in given),
        dislodged=dislodged,
        contested=frozenset(stood_off),
        next_position=replace(
            position,
            phase=rules.sequence(position.phase),
            units=tuple(after),
            dislodged=dislodged,
            contested=frozenset(stood_off),
        ),
        facts=movement_facts(resolver, given, stood_off),
    )


def _dislodged(
    board: Board, result: dict[str, bool], graph: MapGraph, blocked: set[str]
) -> tuple[Dislodged, ...]:
    found = []
    for province, attacker in sorted(dislodging(board, result).items()):
        unit = board.units[province]
        via = attacker in board.by_convoy
        options = retreat_options(graph, unit, attacker, via, blocked)
        found.append(Dislodged(unit, attacker, via, options))
    return tuple(found)


def _order_result(
    given: Given, resolver: Resolver, dislodged: tuple[Dislodged, ...]
) -> OrderResult:
    if not given.legal:
        return given.outcome(Result.ILLEGAL)
    order, province = given.order, given.province
    lost = any(d.unit.province == province for d in dislodged)
    if isinstance(order, Hold):
        return given.outcome(Result.FAIL if lost else Result.SUCCESS, "dislodged" if lost else None)
    decided = resolver.result.get(province)
    if isinstance(order, Move):
        return given.outcome(Result.SUCCESS if decided else Result.FAIL)
    if isinstance(order, SupportHold | SupportMove):
        if province not in resolver.board.kinds:
            return given.outcome(Result.FAIL, "the supported unit was not ordered so")
        return given.outcome(Result.SUCCESS if decided else Result.FAIL, None if decided else "cut")
    assert isinstance(order, Convoy)
    return given.outcome(_convoy_result(resolver, province, order))


def _convoy_result(resolver: Resolver, fleet: str, order: Convoy) -> Result:
    if fleet not in resolver.board.kinds or not resolver.result.get(fleet):
        return Result.FAIL
    return Result.SUCCESS if fleet in convoy_route(resolver, order.army_from) else Result.FAIL
