"""Retreats: toward home, planned together so that as many units as can retreat do.

Each dislodged unit ranks the places offered to it by nearness to its
power's home centres (an own or unowned centre first among equals, then by
name). The retreats are then chosen together: no two units to one
province (they would both be destroyed), as many units retreating as the
offers allow, and among those plans the one that gives the first unit its
best place, then the second, and so on. A unit is disbanded only when no
plan can give it a place without taking one from another.
"""

from __future__ import annotations

from adjudication.mapgraph import province_of
from caretaker.board import Board, Unit
from caretaker.view import SeatView

WORST = 99  # the rank of a disband, below every place


def retreat_orders(view: SeatView, board: Board) -> list[str]:
    entries = view.knowledge.dislodged_of(view.power)
    ranked = [_ranked(view, board, entry.retreat_options) for entry in entries]
    places = _together(ranked)
    orders = []
    for entry, place in zip(entries, places, strict=True):
        unit = Unit.read(entry.unit)
        orders.append(f"{unit} D" if place is None else f"{unit} R {place}")
    return orders


def retreat_preferences(view: SeatView, board: Board, unit: Unit) -> list[str]:
    """A retreat list in order of preference, for rules where retreats are sent ahead."""
    return _ranked(view, board, board.reach(unit))


def _together(ranked: list[list[str]]) -> list[str | None]:
    """One place or None per unit, no province twice: most retreats, then best ranks in order."""
    best: tuple[tuple[int, ...], list[str | None]] = ((), [])

    def search(number: int, taken: frozenset[str], chosen: list[str | None]) -> None:
        nonlocal best
        placed = sum(place is not None for place in chosen)
        if best[0] and placed + len(ranked) - number < best[0][0]:
            return  # this branch cannot place as many units as a plan already found
        if number == len(ranked):
            key = _score(ranked, chosen)
            if key > best[0]:
                best = (key, list(chosen))
            return
        for place in [*ranked[number], None]:
            province = None if place is None else province_of(place)
            if province not in taken:
                more = taken if province is None else taken | {province}
                search(number + 1, more, [*chosen, place])

    search(0, frozenset(), [])
    return best[1]


def _score(ranked: list[list[str]], chosen: list[str | None]) -> tuple[int, ...]:
    ranks = [
        WORST if c is None else places.index(c) for places, c in zip(ranked, chosen, strict=True)
    ]
    return (sum(c is not None for c in chosen), *(-rank for rank in ranks))


def _ranked(view: SeatView, board: Board, places: tuple[str, ...] | list[str]) -> list[str]:
    homes = board.homes(view.power)

    def key(place: str) -> tuple[int, bool, str]:
        province = province_of(place)
        return (board.distance(province, homes), not board.is_centre(province), place)

    return sorted(places, key=key)
