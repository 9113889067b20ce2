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
    """The fleets (sea provinces) lying on some chain from ``source`` to ``target``."""
    at_sea = {f for f in fleets if graph.is_sea(f)}
    return chain_from(graph, source, at_sea) & chain_from(graph, target, at_sea)


def route_possible(graph: MapGraph, source: str, target: str, fleets: Iterable[str]) -> bool:
    """Could the fleets at sea carry an army from ``source`` to ``target``?"""
    if not (graph.kind(source) == "coast" and graph.kind(target) == "coast"):
        return False
    return bool(fleets_on_routes(graph, source, target, fleets))
