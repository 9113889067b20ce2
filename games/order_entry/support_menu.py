"""The movement menus beyond hold and move: supports, convoys, convoyed moves.

Each unit's menu offers, from the map and the power's own units alone
(ruling 2, docs/rulings.md): support to hold in every province it could
move to; support for a move into such a province from every province a
unit could come from; for a fleet at sea, a convoy of each own army on a
coast of its sea to any other coast of it (a convoy of another power's
army is typed: offering every pair of coasts made a sea's menu a hundred
entries long); and for an army on a coast, a move via convoy to each coast
the power's own fleets reach in a chain from it, that it cannot walk to.
Where an own unit stands in the province named, the
order names it ("S A PAR - BUR") and is offered only if that unit could
make the move; elsewhere the province alone, since any unit there might.
Every entry is an order the checker accepts (games.order_entry.rules_check).
The answers are kept in the map's memo: they depend on the unit and the
power's units only, so a page drawn again costs a look-up.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from adjudication.destinations import move_destinations, reachable_provinces, support_move_targets
from adjudication.mapgraph import COAST, MEMO_SIZE, MapGraph, province_of
from adjudication.types import Unit, UnitType


def support_and_convoy_orders(board: MapGraph, unit_text: str, own: tuple[str, ...]) -> list[str]:
    """Supports (hold, then moves) and convoys ``unit_text`` may be given."""
    key = ("order menu", unit_text, own)
    found = board.memo.get(key)
    if found is None:
        if len(board.memo) > MEMO_SIZE:
            board.memo.clear()
        found = board.memo[key] = tuple(_orders(board, Unit.parse("", unit_text), own))
    return list(found)


def _orders(board: MapGraph, unit: Unit, own: tuple[str, ...]) -> list[str]:
    units = {Unit.parse("", text).province: Unit.parse("", text) for text in own}
    units.pop(unit.province, None)
    holds = [f"{unit} S {_named(units, place)}" for place in reachable_provinces(board, unit)]
    supports = holds + _support_moves(board, unit, units)
    return supports + _convoys(board, unit, units) + _convoyed_moves(board, unit, units)


def _named(units: Mapping[str, Unit], province: str) -> str:
    """An own unit as "A PAR", any other place as its province."""
    return str(units[province]) if province in units else province


def _support_moves(board: MapGraph, unit: Unit, units: Mapping[str, Unit]) -> list[str]:
    lines = []
    for target, sources in sorted(support_move_targets(board, unit).items()):
        for source in sources:
            if source == target or (
                source in units and not _can_move(board, units[source], target)
            ):
                continue
            lines.append(f"{unit} S {_named(units, source)} - {target}")
    return lines


def _can_move(board: MapGraph, unit: Unit, target: str) -> bool:
    return target in {province_of(place) for place in move_destinations(board, unit)}


def _convoys(board: MapGraph, unit: Unit, units: Mapping[str, Unit]) -> list[str]:
    """A fleet at sea carries an own army between two coasts of its own sea."""
    if unit.kind is not UnitType.FLEET or not board.is_sea(unit.province):
        return []
    coasts = sorted(p for p in board.neighbours[unit.province] if board.kind(p) == COAST)
    armies = [p for p in coasts if p in units and units[p].kind is UnitType.ARMY]
    return [f"{unit} C A {start} - {end}" for start in armies for end in coasts if start != end]


def _convoyed_moves(board: MapGraph, unit: Unit, units: Mapping[str, Unit]) -> list[str]:
    """An army on a coast carried by the power's own fleets: each coast their
    seas touch, in a chain from its own coast, that it cannot walk to."""
    if unit.kind is not UnitType.ARMY or board.kind(unit.province) != COAST:
        return []
    fleets = {p for p, other in units.items() if other.kind is UnitType.FLEET and board.is_sea(p)}
    seas = _chain(board, board.sea_neighbours(unit.province) & fleets, fleets)
    ends = {province_of(p) for sea in seas for p in board.neighbours[sea]}
    coasts = {end for end in ends if board.kind(end) == COAST}
    walk = {province_of(place) for place in move_destinations(board, unit)}
    return [f"{unit} - {end} VIA" for end in sorted(coasts - walk - {unit.province})]


def _chain(board: MapGraph, start: Set[str], fleets: Set[str]) -> set[str]:
    """The seas with an own fleet joined to ``start`` through each other."""
    reached: set[str] = set()
    frontier = list(start)
    while frontier:
        sea = frontier.pop()
        if sea not in reached:
            reached.add(sea)
            frontier += list(board.sea_neighbours(sea) & fleets)
    return reached
