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
    """The fleets (sea provinces) lying on some route from ``source`` to ``target``.

    A route is a chain of fleets at sea that needs every fleet on it: it
    never passes a sea twice, and no sea on it borders the source (after the
    first), the target (before the last) or another sea of the chain but its
    neighbours.  A fleet that only touches a chain from the side (DATC
    6.F.12), or lies only on chains that could skip it (DATC 6.G.19), is on
    no route.
    """
    at_sea = {f for f in fleets if graph.is_sea(f)}
    starts = graph.sea_neighbours(source)
    ends = graph.sea_neighbours(target)
    near = chain_from(graph, source, at_sea) & chain_from(graph, target, at_sea)
    on_route: set[str] = set()
    for first in sorted(starts & near):
        _walk(graph, [first], near - starts, ends, on_route)
    return on_route


def _walk(
    graph: MapGraph, chain: list[str], seas: set[str], ends: frozenset[str], found: set[str]
) -> None:
    # Depth-first over chains that cannot be shortened; the seas are few
    # (one component of fleets), so listing the chains is cheap.
    last = chain[-1]
    if last in ends:
        found.update(chain)
        return
    for nxt in sorted(graph.sea_neighbours(last) & seas):
        if nxt in chain or any(nxt in graph.sea_neighbours(sea) for sea in chain[:-1]):
            continue
        chain.append(nxt)
        _walk(graph, chain, seas, ends, found)
        chain.pop()


def on_some_route(
    graph: MapGraph, fleet: str, source: str, target: str, fleets: Collection[str]
) -> bool:
    """Is the fleet at sea in ``fleet`` on some route from ``source`` to ``target``?"""
    if fleet not in fleets or not graph.is_sea(fleet):
        return False
    if fleet in graph.sea_neighbours(source) and fleet in graph.sea_neighbours(target):
        return True
    return fleet in fleets_on_routes(graph, source, target, fleets)


def route_possible(graph: MapGraph, source: str, target: str, fleets: Collection[str]) -> bool:
    """Could the fleets at sea carry an army from ``source`` to ``target``?"""
    if not (graph.kind(source) == "coast" and graph.kind(target) == "coast"):
        return False
    # chain_from only ever steps onto seas, so fleets on coasts are ignored.
    return not chain_from(graph, source, fleets).isdisjoint(graph.sea_neighbours(target))
