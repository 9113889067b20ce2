"""The rules' borders, from the engine's map graph (the single authority)."""

from functools import lru_cache

from adjudication.mapgraph import MapGraph, load_map

Pair = frozenset[str]


@lru_cache(maxsize=4)
def board(variant: str = "standard") -> MapGraph:
    """The engine's read-only map graph for a variant."""
    return load_map(variant)


def rule_borders(variant: str = "standard") -> frozenset[Pair]:
    """Every pair of provinces sharing a border of any kind (army or fleet)."""
    return frozenset(frozenset(pair) for pair in board(variant).borders)
