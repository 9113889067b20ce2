"""The engine's front door: adjudicate any phase, and move to the next one.

outcome = adjudicate(position, {"FRANCE": ["A PAR - BUR"]})
following = next_phase(outcome.next_position, hold_empty_phases=False)
"""

from __future__ import annotations

from functools import partial

from adjudication.adjustments import adjudicate_adjustments
from adjudication.facts import convoy_route, movement_facts
from adjudication.intake import Given, OrderLines
from adjudication.mapgraph import MapGraph, load_map
from adjudication.movement import (
    build_board,
    dislodging,
    moved_units,
    retreat_options,
    standoffs,
)
from adjudication.movement_checks import take_movement_orders
from adjudication.orders import Convoy, Hold, Move
from adjudication.outcome import FAIL, ILLEGAL, SUCCESS, OrderResult, Outcome, Result
from adjudication.phases import STANDARD_RULES, Rules, has_nothing_to_do
from adjudication.resolver import Board, Resolver
from adjudication.retreats import adjudicate_retreats
from adjudication.types import Dislodged, PhaseKind, Position


def adjudicate(
    position: Position,
    orders: OrderLines,
    rules: Rules = STANDARD_RULES,
    graph: MapGraph | None = None,
    facts: bool = True,
) -> Outcome:
    """Adjudicate the phase ``position`` is in, with ``{power: [order, ...]}``.

    Orders may be text in any notation the parser reads, or parsed orders.
    A line that cannot be read raises ``parsing.ParseError``.  With
    ``facts=False`` a movement outcome leaves out the strengths and other
    facts for fog rules (``Outcome.facts`` is None), which is faster.
    """
    graph = graph or load_map(position.variant)
    if position.phase.kind is PhaseKind.MOVEMENT:
        return adjudicate_movement(position, orders, rules, graph, facts)
    if position.phase.kind is PhaseKind.RETREAT:
        return adjudicate_retreats(position, orders, rules, graph)
    return adjudicate_adjustments(position, orders, rules, graph)


def next_phase(
    position: Position,
    hold_empty_phases: bool,
    rules: Rules = STANDARD_RULES,
    graph: MapGraph | None = None,
) -> Position:
    """The first position, from ``position`` on, that is played with orders.

    Call it with an outcome's ``next_position``.  With ``hold_empty_phases``
    (fog games) every phase is held and ``position`` itself is returned;
    otherwise retreat and adjustment phases where no power has a choice are
    adjudicated with no orders and skipped (centres still change hands).
    """
    graph = graph or load_map(position.variant)
    while not hold_empty_phases and has_nothing_to_do(position, graph):
        position = adjudicate(position, {}, rules, graph).next_position
    return position


def adjudicate_movement(
    position: Position, orders: OrderLines, rules: Rules, graph: MapGraph, facts: bool = True
) -> Outcome:
    given = take_movement_orders(orders, position, graph)
    board = build_board(graph, dict(position.by_province), given)
    resolver = Resolver(board, rules.backup)
    result = resolver.resolve_all()
    lost = dislodging(board, result)
    after = moved_units(board, result, lost)
    occupied = {unit.location[:3] for unit in after}
    stood_off = standoffs(board, resolver, occupied)
    dislodged = _dislodged(board, lost, graph, occupied | set(stood_off))
    return Outcome(
        position=position,
        orders=_order_results(given, resolver, dislodged),
        dislodged=dislodged,
        contested=frozenset(stood_off),
        next_position=Position(
            rules.sequence(position.phase),
            tuple(after),
            position.centres,
            dislodged,
            frozenset(stood_off),
            position.variant,
        ),
        facts=movement_facts(resolver, given, stood_off) if facts else None,
    )


def _dislodged(
    board: Board, lost: dict[str, str], graph: MapGraph, blocked: set[str]
) -> tuple[Dislodged, ...]:
    found = []
    for province, attacker in sorted(lost.items()):
        unit = board.units[province]
        via = attacker in board.by_convoy
        options = retreat_options(graph, unit, attacker, via, blocked)
        found.append(Dislodged(unit, attacker, via, options))
    return tuple(found)


# A named tuple's own __new__ is Python code; building the tuple directly
# makes one a third cheaper, and one is made per order.
_new_result = partial(tuple.__new__, OrderResult)


def _order_results(
    given: list[Given], resolver: Resolver, dislodged: tuple[Dislodged, ...]
) -> tuple[OrderResult, ...]:
    lost = {d.unit.province for d in dislodged}
    return tuple([_order_result(g, resolver, g.province in lost) for g in given])


def _order_result(given: Given, resolver: Resolver, lost: bool) -> OrderResult:
    if given.reason is not None:
        return _new_result((given.power, given.text, given.order, ILLEGAL, given.reason))
    order, province = given.order, given.province
    result, reason = SUCCESS, None
    if type(order) is Hold:
        if lost:
            result, reason = FAIL, "dislodged"
    elif type(order) is Move:
        if not resolver.result[province]:
            result, reason = FAIL, _why_move_failed(resolver, province, lost)
    elif type(order) is Convoy:
        result = _convoy_result(resolver, province, order)
    elif province not in resolver.board.kinds:
        result, reason = FAIL, "the supported unit was not ordered so"
    elif not resolver.result[province]:
        result, reason = FAIL, "dislodged" if lost else "cut"
    return _new_result((given.power, given.text, order, result, reason))


def _why_move_failed(resolver: Resolver, source: str, lost: bool) -> str:
    if source in resolver.board.by_convoy and not resolver.has_path(source):
        return "no convoy carried it"
    return "dislodged" if lost else "bounced"


def _convoy_result(resolver: Resolver, fleet: str, order: Convoy) -> Result:
    if fleet not in resolver.board.kinds or not resolver.result.get(fleet):
        return FAIL
    return SUCCESS if fleet in convoy_route(resolver, order.army_from) else FAIL
