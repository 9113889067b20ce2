"""Compare the drawn borders with the rules' adjacency, on the geometry."""

import itertools
from collections.abc import Mapping

import shapely
from shapely.geometry.base import BaseGeometry

# Pairs closer than this (pixels) count as touching.
NEAR = 1.5
# A real border must be at least this long (pixels) to read on the map.
MIN_BORDER = 4.0

Pair = frozenset[str]


def _shared_length(a: BaseGeometry, b: BaseGeometry) -> float:
    return float(shapely.intersection(b.boundary, a.buffer(0.5)).length)


def drawn_borders(provinces: dict[str, BaseGeometry]) -> dict[Pair, float]:
    """Every pair of provinces that touch, with the length they share."""
    found = {}
    for (a, shape_a), (b, shape_b) in itertools.combinations(sorted(provinces.items()), 2):
        if shape_a.distance(shape_b) < NEAR:
            found[frozenset((a, b))] = _shared_length(shape_a, shape_b)
    return found


def _names(pairs: set[Pair]) -> list[str]:
    return sorted("-".join(sorted(pair)) for pair in pairs)


def border_report(drawn: Mapping[Pair, float], rules: frozenset[Pair]) -> list[str]:
    """Lines naming each missing, extra or too-short border; empty when equal."""
    missing = set(rules) - set(drawn)
    extra = set(drawn) - set(rules)
    short = {pair for pair, length in drawn.items() if pair in rules and length < MIN_BORDER}
    return (
        [f"missing border: {name}" for name in _names(missing)]
        + [f"extra border: {name}" for name in _names(extra)]
        + [f"border shorter than {MIN_BORDER} px: {name}" for name in _names(short)]
    )
