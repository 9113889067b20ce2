"""The map as a graph: provinces, coasts, borders and supply centres.

A map is data (``adjudication/data/<name>.json``, format in docs/engine.md)
turned by :func:`load_map` into a :class:`MapGraph` of frozen sets, built once
per process so that the resolver only ever does set and dict look-ups.

Two kinds of name are used throughout the engine:

* a *province* is a three-letter upper-case code (``"SPA"``);
* a *location* is where a unit stands: the province, or for a fleet in a
  province with two coasts the province and coast (``"SPA/SC"``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

# os.path rather than pathlib: the command line starts faster without it.
_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")  # noqa: PTH100, PTH118, PTH120
MEMO_SIZE = 1 << 17  # entries in a map's memo before it is emptied

LAND = "land"
SEA = "sea"
COAST = "coast"
IMPASSABLE = "impassable"


def province_of(location: str) -> str:
    """``"SPA/SC"`` -> ``"SPA"``; a province is returned unchanged."""
    return location[:3]


_NOT_LETTERS = re.compile(r"[^a-z]")


def normalise_name(text: str) -> str:
    """The key under which a typed name is looked up: lower case, letters only."""
    return _NOT_LETTERS.sub("", text.lower())


@dataclass(frozen=True, slots=True)
class Province:
    code: str
    name: str
    kind: str
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    def locations(self) -> tuple[str, ...]:
        """Where a fleet may stand in this province."""
        if self.coasts:
            return tuple(f"{self.code}/{coast}" for coast in self.coasts)
        return (self.code,)


@dataclass(frozen=True, eq=False)
class MapGraph:
    """Everything the rules need to know about a map; read-only.

    Compared and hashed by identity: one instance per map per process.
    """

    name: str
    powers: tuple[str, ...]
    provinces: Mapping[str, Province]
    supply_centres: frozenset[str]
    home_centres: Mapping[str, frozenset[str]]
    army_adjacent: Mapping[str, frozenset[str]]
    fleet_adjacent: Mapping[str, frozenset[str]]
    neighbours: Mapping[str, frozenset[str]]
    sea_adjacent: Mapping[str, frozenset[str]]
    borders: tuple[tuple[str, str], ...]
    impassable_borders: tuple[tuple[str, str], ...]
    names: Mapping[str, str]
    starts: Mapping[str, Mapping[str, Any]]
    #: centres that win the game: more than half the board's unless the data says
    victory_centres: int = 0
    # Answers of pure functions of (map, arguments), remembered for speed.
    memo: dict[Any, Any] = field(default_factory=dict, repr=False)

    def name_of(self, location: str) -> str:
        """Full English name, with the coast spelled out for a split coast."""
        province = self.provinces[province_of(location)]
        if "/" not in location:
            return province.name
        return f"{province.name} ({_COAST_NAMES[location[4:]]})"

    def kind(self, province: str) -> str:
        return self.provinces[province].kind

    def is_sea(self, province: str) -> bool:
        return self.provinces[province].kind == SEA

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        return self.provinces[province].locations()

    def army_can_reach(self, source: str, target: str) -> bool:
        return target[:3] in self.army_adjacent.get(source[:3], ())  # by province

    def fleet_can_reach(self, source: str, target: str) -> bool:
        """Exact: ``source`` and ``target`` are locations with coast where needed."""
        return target in self.fleet_adjacent.get(source, ())

    def fleet_target_coasts(self, source: str, province: str) -> tuple[str, ...]:
        """The locations in ``province`` a fleet at ``source`` can move to."""
        reachable = self.fleet_adjacent.get(source, frozenset())
        return tuple(loc for loc in self.fleet_locations(province) if loc in reachable)

    def sea_neighbours(self, province: str) -> frozenset[str]:
        """Sea provinces touching any coast of ``province`` (convoy links)."""
        return self.sea_adjacent.get(province, frozenset())

    def lookup(self, text: str) -> str | None:
        """The province code for a typed name or abbreviation, else None."""
        return self.names.get(normalise_name(text))


_COAST_NAMES = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}


def _symmetric(pairs: Iterable[list[str]]) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for first, second in pairs:
        found.setdefault(first, set()).add(second)
        found.setdefault(second, set()).add(first)
    return {key: frozenset(values) for key, values in found.items()}


def _province(entry: Mapping[str, Any]) -> Province:
    return Province(
        code=str(entry["code"]),
        name=str(entry["name"]),
        kind=str(entry["type"]),
        coasts=tuple(entry.get("coasts", ())),
        aliases=tuple(entry.get("aliases", ())),
    )


def _name_index(provinces: Mapping[str, Province]) -> dict[str, str]:
    index: dict[str, str] = {}
    for province in provinces.values():
        for name in (province.code, province.name, *province.aliases):
            index.setdefault(normalise_name(name), province.code)
    return index


def _province_pairs(location_pairs: Iterable[list[str]]) -> set[tuple[str, str]]:
    pairs = set()
    for first, second in location_pairs:
        a, b = sorted((province_of(first), province_of(second)))
        pairs.add((a, b))
    return pairs


def _seas_touching(
    provinces: Mapping[str, Province], neighbours: Mapping[str, frozenset[str]]
) -> dict[str, frozenset[str]]:
    def is_sea(code: str) -> bool:
        return provinces[code].kind == SEA

    return {p: frozenset(filter(is_sea, found)) for p, found in neighbours.items()}


def build_map(data: Mapping[str, Any]) -> MapGraph:
    """Turn the JSON map data into a :class:`MapGraph`."""
    provinces = {p.code: p for p in map(_province, data["provinces"])}
    army_pairs: list[list[str]] = data["army_borders"]
    fleet_pairs: list[list[str]] = data["fleet_borders"]
    borders = sorted(_province_pairs(army_pairs) | _province_pairs(fleet_pairs))
    homes: dict[str, list[str]] = data["home_centres"]
    impassable: list[list[str]] = data.get("impassable_borders", [])
    neighbours = _symmetric([list(pair) for pair in borders])
    return MapGraph(
        name=str(data["name"]),
        powers=tuple(data["powers"]),
        provinces=MappingProxyType(provinces),
        supply_centres=frozenset(data["supply_centres"]),
        home_centres=MappingProxyType({k: frozenset(v) for k, v in homes.items()}),
        army_adjacent=MappingProxyType(_symmetric(army_pairs)),
        fleet_adjacent=MappingProxyType(_symmetric(fleet_pairs)),
        neighbours=MappingProxyType(neighbours),
        sea_adjacent=MappingProxyType(_seas_touching(provinces, neighbours)),
        borders=tuple(borders),
        impassable_borders=tuple((a, b) for a, b in impassable),
        names=MappingProxyType(_name_index(provinces)),
        starts=MappingProxyType(data.get("starts", {})),
        victory_centres=int(data.get("victory_centres", len(data["supply_centres"]) // 2 + 1)),
    )


@cache
def load_map(name: str = "standard") -> MapGraph:
    """The named map from ``adjudication/data``; loaded once per process."""
    if not re.fullmatch(r"[a-z0-9_]+", name):
        raise ValueError(f"unknown variant {name!r}")
    try:
        # A plain path, not importlib.resources: that import alone costs more
        # start-up time than reading the map.
        with open(os.path.join(_DATA, f"{name}.json"), encoding="utf-8") as data:  # noqa: PTH118, PTH123
            text = data.read()
    except FileNotFoundError:
        raise ValueError(f"unknown variant {name!r}") from None
    return build_map(json.loads(text))
