"""Retreats: toward home, never two units to one place.

Each dislodged unit retreats to the offered place nearest its power's home
centres (an own or unowned centre first among equals, then by name); with
nothing offered, or nothing left, it disbands.
"""

from __future__ import annotations

from adjudication.mapgraph import province_of
from caretaker.board import Board, Unit
from caretaker.view import SeatView


def retreat_orders(view: SeatView, board: Board) -> list[str]:
    taken: set[str] = set()
    orders = []
    for entry in view.knowledge.dislodged_of(view.power):
        unit = Unit.read(entry.unit)
        choice = _best(view, board, entry.retreat_options, taken)
        if choice is None:
            orders.append(f"{unit} D")
        else:
            taken.add(province_of(choice))
            orders.append(f"{unit} R {choice}")
    return orders


def retreat_preferences(view: SeatView, board: Board, unit: Unit) -> list[str]:
    """A retreat list in order of preference, for rules where retreats are sent ahead."""
    return _ranked(view, board, board.reach(unit))


def _best(view: SeatView, board: Board, options: tuple[str, ...], taken: set[str]) -> str | None:
    free = [o for o in options if province_of(o) not in taken]
    ranked = _ranked(view, board, free)
    return ranked[0] if ranked else None


def _ranked(view: SeatView, board: Board, places: tuple[str, ...] | list[str]) -> list[str]:
    homes = board.homes(view.power)

    def key(place: str) -> tuple[int, bool, str]:
        province = province_of(place)
        return (board.distance(province, homes), not board.is_centre(province), place)

    return sorted(places, key=key)
