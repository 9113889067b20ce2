"""Builds and removals by a clear rule.

Builds go to free home centres (owned, with no own unit in them) in name
order: a fleet where the centre is on the coast and the power has fewer
fleets than half its armies, else an army (a fleet on St Petersburg's north
coast, where only a fleet fits the choice).  Removals take the units
farthest from the power's home centres, fleets first among equals.
"""

from __future__ import annotations

from caretaker.board import Board, Unit
from caretaker.view import SeatView


def adjustment_orders(view: SeatView, board: Board) -> list[str]:
    count = view.knowledge.adjustment_count(view.power)
    if count > 0:
        return _builds(view, board, count)
    if count < 0:
        return [f"{unit} D" for unit in _removals(view, board, -count)]
    return []


def _builds(view: SeatView, board: Board, count: int) -> list[str]:
    armies = sum(u.kind == "A" for u in view.units)
    fleets = len(view.units) - armies
    orders = []
    for home in _free_homes(view, board)[:count]:
        kind = "F" if _coastal(board, home) and fleets * 2 < armies else "A"
        location = _fleet_location(board, home) if kind == "F" else home
        orders.append(f"{kind} {location} B")
        armies, fleets = armies + (kind == "A"), fleets + (kind == "F")
    return orders


def _free_homes(view: SeatView, board: Board) -> list[str]:
    occupied = {u.province for u in view.units}
    return sorted(board.homes(view.power) & view.centres - occupied)


def _coastal(board: Board, province: str) -> bool:
    return board.graph.kind(province) == "coast"


def _fleet_location(board: Board, province: str) -> str:
    locations = board.graph.fleet_locations(province)
    return locations[0] if locations else province


def _removals(view: SeatView, board: Board, count: int) -> list[Unit]:
    homes = board.homes(view.power)

    def key(unit: Unit) -> tuple[int, bool, str]:
        return (-board.distance(unit.province, homes), unit.kind != "F", unit.location)

    return sorted(view.units, key=key)[:count]
