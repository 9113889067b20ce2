"""What a power's units and centres let it see: the three kinds of sight.

* sight by movement (2005, 1989): where a unit could move without convoy;
* sight by any border (Diplomyopia, Saari): every province touching it;
* centre sight: an owned centre sees itself (2005) or its borders (Saari).

All functions are pure and work on provinces (no coast) unless they say
"location".
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudication.mapgraph import MapGraph, province_of
from adjudication.types import Unit, UnitType


def move_reach(graph: MapGraph, unit: Unit) -> frozenset[str]:
    """Provinces ``unit`` could move to without convoy."""
    if unit.kind is UnitType.ARMY:
        return graph.army_adjacent.get(unit.province, frozenset())
    return frozenset(province_of(loc) for loc in graph.fleet_adjacent.get(unit.location, ()))


def location_reach(graph: MapGraph, unit: Unit) -> frozenset[str]:
    """Exact places ``unit`` could move to: provinces for an army, locations for a fleet."""
    if unit.kind is UnitType.ARMY:
        return graph.army_adjacent.get(unit.province, frozenset())
    return graph.fleet_adjacent.get(unit.location, frozenset())


def sight_by_movement(graph: MapGraph, units: Iterable[Unit]) -> frozenset[str]:
    """Each unit's province and every province it could move to."""
    seen: set[str] = set()
    for unit in units:
        seen.add(unit.province)
        seen |= move_reach(graph, unit)
    return frozenset(seen)


def sight_by_any_border(graph: MapGraph, provinces: Iterable[str]) -> frozenset[str]:
    """Each province and every province sharing any border with it."""
    seen: set[str] = set()
    for province in provinces:
        seen.add(province)
        seen |= graph.neighbours.get(province, frozenset())
    return frozenset(seen)


def owned_centres(centres: dict[str, str], power: str) -> frozenset[str]:
    """The supply centres ``power`` owns in a ``{centre: owner}`` map."""
    return frozenset(centre for centre, owner in centres.items() if owner == power)


def is_sighted_1989(graph: MapGraph, watchers: Iterable[Unit], unit: Unit) -> bool:
    """1989 sighting: some watcher could make one legal move onto ``unit``'s spot.

    An army enters a whole province, so it sights a fleet on either coast; a
    fleet must reach the very coast the other fleet stands on.
    """
    for watcher in watchers:
        reach = location_reach(graph, watcher)
        if watcher.kind is UnitType.ARMY and unit.province in reach:
            return True
        if watcher.kind is UnitType.FLEET and _fleet_reaches(reach, unit):
            return True
    return False


def _fleet_reaches(reach: frozenset[str], unit: Unit) -> bool:
    if unit.kind is UnitType.FLEET or "/" in unit.location:
        return unit.location in reach
    return any(province_of(loc) == unit.province for loc in reach)


def fully_reached_1989(graph: MapGraph, watchers: Iterable[Unit]) -> frozenset[str]:
    """Provinces a 1989 player sees whole: own ones and those some unit reaches entirely.

    A split-coast province reached only on one coast is left out: a fleet on
    the other coast would stay hidden, so the player cannot call it empty.
    """
    watchers = list(watchers)
    seen = {unit.province for unit in watchers}
    for watcher in watchers:
        reach = location_reach(graph, watcher)
        for place in reach:
            province = province_of(place)
            if watcher.kind is UnitType.ARMY or set(graph.fleet_locations(province)) <= reach:
                seen.add(province)
    return frozenset(seen)
