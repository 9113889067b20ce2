"""Where a unit could go, support or convoy, by the map alone.

For order forms: these never look at other units, so they reveal nothing
hidden (ruling 2, docs/rulings.md).  Locations carry coasts for fleets.
"""

from __future__ import annotations

from adjudication.convoys import chain_from
from adjudication.mapgraph import COAST, SEA, MapGraph, province_of
from adjudication.types import Unit, UnitType


def move_destinations(graph: MapGraph, unit: Unit) -> tuple[str, ...]:
    """Locations the unit can move to without convoy."""
    if unit.kind is UnitType.ARMY:
        return tuple(sorted(graph.army_adjacent.get(unit.province, ())))
    return tuple(sorted(graph.fleet_adjacent.get(unit.location, ())))


def convoy_destinations(graph: MapGraph, province: str) -> tuple[str, ...]:
    """Coastal provinces an army in ``province`` could reach by some convoy."""
    if graph.kind(province) != COAST:
        return ()
    seas = {code for code, p in graph.provinces.items() if p.kind == SEA}
    reached = chain_from(graph, province, seas)
    found = {p for sea in reached for p in graph.neighbours[sea] if graph.kind(p) == COAST}
    return tuple(sorted(found - {province}))


def reachable_provinces(graph: MapGraph, unit: Unit) -> tuple[str, ...]:
    """Provinces the unit could move to, so could support a unit in or into."""
    return tuple(sorted({province_of(loc) for loc in move_destinations(graph, unit)}))


def support_move_targets(graph: MapGraph, unit: Unit) -> dict[str, tuple[str, ...]]:
    """``{target: sources}``: moves the unit could support, by the map.

    A source is any province from which some unit could move to the target
    without convoy (convoyed moves can be supported too; see
    :func:`convoy_destinations` for those).
    """
    found = {}
    for target in reachable_provinces(graph, unit):
        sources = graph.army_adjacent.get(target, frozenset()) | {
            province_of(loc)
            for place in graph.fleet_locations(target)
            for loc in graph.fleet_adjacent.get(place, ())
        }
        found[target] = tuple(sorted(sources - {unit.province}))
    return found


def convoy_routes(graph: MapGraph, unit: Unit) -> tuple[str, ...]:
    """Coastal provinces a fleet at sea could carry an army from or to."""
    if unit.kind is not UnitType.FLEET or not graph.is_sea(unit.province):
        return ()
    seas = {code for code, p in graph.provinces.items() if p.kind == SEA}
    reached = chain_from(graph, unit.province, seas) | {unit.province}
    found = {p for sea in reached for p in graph.neighbours[sea] if graph.kind(p) == COAST}
    return tuple(sorted(found))
