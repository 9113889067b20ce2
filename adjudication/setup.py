"""Opening positions: the 1901 standard start and the 1898 one-unit start."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudication.mapgraph import MapGraph, load_map
from adjudication.types import Phase, PhaseKind, Position, Season, Unit, UnitType


def standard_start(graph: MapGraph | None = None) -> Position:
    """Spring 1901: three units per power (four for Russia) on home centres."""
    graph = graph or load_map()
    start: Mapping[str, Any] = graph.starts["1901"]
    units_data: Mapping[str, list[str]] = start["units"]
    units = [Unit.parse(power, text) for power, texts in units_data.items() for text in texts]
    return Position(
        phase=Phase(Season.SPRING, int(start["year"]), PhaseKind.MOVEMENT),
        units=tuple(units),
        centres=_centre_owners(start),
        variant=graph.name,
    )


def start_1898(choices: Mapping[str, str] | None = None, graph: MapGraph | None = None) -> Position:
    """Spring 1898 (ruling 20, docs/rulings.md): one home centre and one unit per power.

    ``choices`` maps a power to ``"A"`` or ``"F"``, or for Russia a fleet's
    coast as ``"F STP/NC"`` / ``"F STP/SC"``; a power without a choice gets
    an army, and a Russian fleet without a coast the south coast.
    """
    graph = graph or load_map()
    start: Mapping[str, Any] = graph.starts["1898"]
    homes: Mapping[str, str] = start["home_unit"]
    units = tuple(
        _chosen_unit(graph, power, province, (choices or {}).get(power, "A"))
        for power, province in homes.items()
    )
    return Position(
        phase=Phase(Season.SPRING, int(start["year"]), PhaseKind.MOVEMENT),
        units=units,
        centres=_centre_owners(start),
        variant=graph.name,
    )


def _chosen_unit(graph: MapGraph, power: str, province: str, choice: str) -> Unit:
    words = choice.strip().upper().replace("(", "/").replace(")", "").split()
    if not words or words[0] not in ("A", "F"):
        raise ValueError(f'could not read "{choice}": choose A or F')
    if words[0] == "A":
        return Unit(power, UnitType.ARMY, province)
    coasts = graph.fleet_locations(province)
    location = words[1] if len(words) > 1 else coasts[-1]
    if location not in coasts:
        raise ValueError(f'could not read "{choice}": a fleet in {province} stands on {coasts}')
    return Unit(power, UnitType.FLEET, location)


def _centre_owners(start: Mapping[str, Any]) -> dict[str, str]:
    centres: Mapping[str, list[str]] = start["centres"]
    return {centre: power for power, owned in centres.items() for centre in owned}
