"""What the caretaker reads off the map: reach, distances and home centres.

Built once per board from the engine's public map data; nothing here
depends on any position.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from adjudication.mapgraph import MapGraph, load_map, province_of


@dataclass(frozen=True)
class Unit:
    """A unit as the record writes it: ``A MUN`` or ``F STP/NC``."""

    kind: str
    location: str

    @classmethod
    def read(cls, text: str) -> Unit:
        kind, location = text.split()
        return cls(kind, location)

    @property
    def province(self) -> str:
        return province_of(self.location)

    def __str__(self) -> str:
        return f"{self.kind} {self.location}"


@dataclass(frozen=True)
class Board:
    """The map with the questions a policy asks of it."""

    graph: MapGraph
    _distances: dict[str, dict[str, int]] = field(default_factory=dict, compare=False)
    _moves: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict, compare=False)

    def reach(self, unit: Unit) -> tuple[str, ...]:
        """Locations the unit may move to (fleets: each coast named)."""
        if unit.kind == "A":
            return tuple(sorted(self.graph.army_adjacent.get(unit.province, ())))
        return tuple(sorted(self.graph.fleet_adjacent.get(unit.location, ())))

    def reaches_province(self, unit: Unit, province: str) -> bool:
        """Whether the unit could move into the province (any coast)."""
        return any(province_of(place) == province for place in self.reach(unit))

    def move_target(self, unit: Unit, province: str) -> str | None:
        """The location to name for a move into ``province``, or None."""
        places = [place for place in self.reach(unit) if province_of(place) == province]
        return places[0] if places else None

    def distance(self, source: str, targets: Iterable[str]) -> int:
        """Fewest borders (any kind) from ``source`` to the nearest target province."""
        wanted = frozenset(targets)
        return min((self._from(source).get(t, 99) for t in wanted), default=99)

    def _from(self, source: str) -> dict[str, int]:
        known = self._distances.get(source)
        if known is None:
            known = self._distances[source] = _breadth_first(self.graph, source)
        return known

    def moves_to(self, kind: str, location: str, targets: frozenset[str]) -> int:
        """Fewest moves a unit of ``kind`` at ``location`` needs to enter any target
        province, by its own kind's borders (99: it cannot reach one)."""
        known = self._moves.get((kind, location))
        if known is None:
            known = self._moves[kind, location] = _unit_breadth_first(self.graph, kind, location)
        return min(
            (steps for place, steps in known.items() if province_of(place) in targets), default=99
        )

    def homes(self, power: str) -> frozenset[str]:
        return frozenset(self.graph.home_centres.get(power, ()))

    def is_centre(self, province: str) -> bool:
        return province in self.graph.supply_centres


def _breadth_first(graph: MapGraph, source: str) -> dict[str, int]:
    seen = {source: 0}
    queue = deque([source])
    while queue:
        here = queue.popleft()
        for there in graph.neighbours.get(here, ()):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def _unit_breadth_first(graph: MapGraph, kind: str, location: str) -> dict[str, int]:
    """Moves to each place for an army (by province) or a fleet (by coast)."""
    adjacent = graph.army_adjacent if kind == "A" else graph.fleet_adjacent
    start = province_of(location) if kind == "A" else location
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(adjacent.get(here, ())):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


@cache
def board_for(variant: str = "standard") -> Board:
    return Board(load_map(variant))
