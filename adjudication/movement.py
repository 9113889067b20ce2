"""Adjudicating a movement phase: match the orders, resolve, report."""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.convoys import route_possible
from adjudication.intake import Given
from adjudication.mapgraph import MapGraph, province_of
from adjudication.orders import Convoy, Move, SupportHold, SupportMove
from adjudication.resolver import CONVOY, MOVE, SUPPORT, Board, Resolver
from adjudication.types import ARMY, Unit

# Legal convoy orders by the journey they name: (army_from, army_to) -> orders.
Convoys = dict[tuple[str, str], list[Given]]


def build_board(graph: MapGraph, units: dict[str, Unit], given: Sequence[Given]) -> Board:
    """Turn the legal orders into the resolver's decisions; void ones are left out."""
    board = Board(graph, units)
    legal = [g for g in given if g.reason is None]
    convoys = _convoys_by_journey(legal)
    for entry in legal:
        if type(entry.order) is Move:
            _add_move(board, entry.province, entry.order, convoys)
    for entry in legal:
        order = entry.order
        if type(order) is Convoy:
            _match_convoy(board, entry.province, order)
        elif type(order) is SupportHold or type(order) is SupportMove:
            _match_support(board, entry.province, order)
    return board


def _convoys_by_journey(legal: Sequence[Given]) -> Convoys:
    """The legal convoy orders, grouped by the journey they name."""
    found: Convoys = {}
    for entry in legal:
        order = entry.order
        if type(order) is Convoy:
            found.setdefault((order.army_from, order.army_to), []).append(entry)
    return found


def _add_move(board: Board, source: str, order: Move, convoys: Convoys) -> None:
    target = order.target[:3]
    board.move_to[source] = target
    board.move_location[source] = order.target
    board.kinds[source] = MOVE
    board.attackers.setdefault(target, []).append(source)
    if order.kind is ARMY and _goes_by_convoy(board, source, order, convoys):
        board.by_convoy.add(source)


def _goes_by_convoy(board: Board, source: str, order: Move, convoys: Convoys) -> bool:
    # DATC 4.A.3 (2000/2023 rules): an army next to its target goes by land
    # unless it says "via convoy" or a fleet of its own power convoys it.
    # That convoy shows intent only if the fleets ordered to convoy this army
    # on this journey make a whole route: fleets that are merely there, doing
    # something else, carry no one, so the army goes by land.
    if order.via_convoy or not board.graph.army_can_reach(source, order.target):
        return True
    ordered = convoys.get((source, order.target))
    power = board.units[source].power
    if not ordered or all(entry.power != power for entry in ordered):
        return False
    fleets = {entry.province for entry in ordered}
    return route_possible(board.graph, source, order.target, fleets)


def _match_convoy(board: Board, fleet: str, order: Convoy) -> None:
    source = order.army_from
    army = board.units.get(source)
    if army is None or army.kind is not ARMY:
        return
    if board.move_to.get(source) != order.army_to or source not in board.by_convoy:
        return
    board.convoys.setdefault(source, set()).add(fleet)
    board.kinds[fleet] = CONVOY


def _match_support(board: Board, supporter: str, order: SupportHold | SupportMove) -> None:
    supported = board.units.get(order.supported)
    if supported is None or order.supported_kind not in (None, supported.kind):
        return
    if isinstance(order, SupportHold):
        if order.supported in board.move_to:
            return
        board.hold_supports.setdefault(order.supported, []).append(supporter)
        target = order.supported
    else:
        target = province_of(order.target)
        if board.move_to.get(order.supported) != target:
            return
        # A support naming the wrong coast is given but adds no strength
        # (DATC 6.B.9: the coast, when given, must match).
        arrival = board.move_location[order.supported]
        wrong_coast = "/" in order.target and arrival != order.target
        if not wrong_coast:
            board.move_supports.setdefault(order.supported, []).append(supporter)
        board.move_supporters.add(supporter)
    board.kinds[supporter] = SUPPORT
    board.support_target[supporter] = target


def dislodging(board: Board, result: dict[str, bool]) -> dict[str, str]:
    """``{dislodged unit's province: attacker's source}``."""
    found = {}
    units, move_to = board.units, board.move_to
    for target, sources in board.attackers.items():
        if target not in units or (target in move_to and result[target]):
            continue
        for source in sources:
            if result[source]:
                found[target] = source
    return found


def moved_units(board: Board, result: dict[str, bool], lost: dict[str, str]) -> list[Unit]:
    """Every unit after the moves, dislodged units (``lost``) excluded."""
    after = []
    move_to, arrival, memo = board.move_to, board.move_location, board.graph.memo
    for province, unit in board.units.items():
        if province in move_to and result[province]:
            # Units are values: the same one is reused from the map's memo.
            key = (unit.power, unit.kind, arrival[province])
            moved = memo.get(key)
            if moved is None:
                moved = memo[key] = Unit(*key)
            after.append(moved)
        elif province not in lost:
            after.append(unit)
    return after


def standoffs(board: Board, resolver: Resolver, occupied: set[str]) -> dict[str, tuple[str, ...]]:
    """Provinces left empty by a stand-off, with the units that stood off there."""
    found = {}
    result = resolver.result
    for target, sources in board.attackers.items():
        if target in occupied or any(result[s] for s in sources):
            continue
        arrived = [s for s in sources if resolver.prevent_strength(s) > 0]
        if len(arrived) >= 2:
            found[target] = tuple(sorted(arrived))
    return dict(sorted(found.items()))


def retreat_options(
    graph: MapGraph, unit: Unit, attacker: str | None, via_convoy: bool, blocked: set[str]
) -> tuple[str, ...]:
    """Where a dislodged unit may go: not occupied, not contested, not to
    the attacker's origin unless that attacker came by convoy (DATC 4.A.5)."""
    if unit.kind is ARMY:
        places = graph.army_adjacent.get(unit.province, frozenset())
    else:
        places = graph.fleet_adjacent.get(unit.location, frozenset())
    barred = set(blocked)
    if attacker is not None and not via_convoy:
        barred.add(attacker)
    return tuple(sorted(p for p in places if province_of(p) not in barred))
