"""Convoy geometry: which chains of fleets at sea link two coasts."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from adjudication.mapgraph import MapGraph


def chain_from(graph: MapGraph, start: str, fleets: Collection[str]) -> set[str]:
    """Sea provinces in ``fleets`` reachable from the coast of ``start``."""
    frontier = [sea for sea in graph.sea_neighbours(start) if sea in fleets]
    reached = set(frontier)
    while frontier:
        sea = frontier.pop()
        for nxt in graph.sea_neighbours(sea):
            if nxt in fleets and nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    return reached


def fleets_on_routes(graph: MapGraph, source: str, target: str, fleets: Iterable[str]) -> set[str]:
    """The fleets (sea provinces) lying on some chain from ``source`` to ``target``.

    A chain never passes the same sea twice, so a fleet that only touches
    the chain from the side is not on it (DATC 6.F.12).
    """
    at_sea = {f for f in fleets if graph.is_sea(f)}
    near = chain_from(graph, source, at_sea) & chain_from(graph, target, at_sea)
    ends = graph.sea_neighbours(target)
    on_route: set[str] = set()
    for first in sorted(graph.sea_neighbours(source) & near):
        _walk(graph, [first], near, ends, on_route)
    return on_route


def _walk(
    graph: MapGraph, chain: list[str], seas: set[str], ends: frozenset[str], found: set[str]
) -> None:
    # Depth-first over simple chains; the seas are few (one component of
    # fleets), so listing the chains is cheap.
    if chain[-1] in ends:
        found.update(chain)
    for nxt in sorted(graph.sea_neighbours(chain[-1]) & seas):
        if nxt not in chain:
            chain.append(nxt)
            _walk(graph, chain, seas, ends, found)
            chain.pop()


def on_some_route(
    graph: MapGraph, fleet: str, source: str, target: str, fleets: Collection[str]
) -> bool:
    """Is the fleet at sea in ``fleet`` on some chain from ``source`` to ``target``?"""
    if fleet not in fleets or not graph.is_sea(fleet):
        return False
    near_source = fleet in graph.sea_neighbours(source)
    near_target = fleet in graph.sea_neighbours(target)
    if near_source and near_target:
        return True
    if fleet not in chain_from(graph, source, fleets):
        return False
    if fleet not in chain_from(graph, target, fleets):
        return False
    # A fleet touching either end starts a shortest chain to the other end,
    # and a shortest chain never passes a sea twice: no need to list chains.
    return near_source or near_target or fleet in fleets_on_routes(graph, source, target, fleets)


def route_possible(graph: MapGraph, source: str, target: str, fleets: Collection[str]) -> bool:
    """Could the fleets at sea carry an army from ``source`` to ``target``?"""
    if not (graph.kind(source) == "coast" and graph.kind(target) == "coast"):
        return False
    # chain_from only ever steps onto seas, so fleets on coasts are ignored.
    return not chain_from(graph, source, fleets).isdisjoint(graph.sea_neighbours(target))
