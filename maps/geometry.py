"""The committed map geometry (maps/data/*.json), loaded once per process."""

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from maps.palette import POWER_COLOURS, RGB, board_colours

MAPS_DATA = Path(__file__).parent / "data"  # one drawing per board, named as the board
DEFAULT_MAP = MAPS_DATA / "standard.json"

XY = tuple[float, float]
Ring = tuple[float, ...]  # flat x0, y0, x1, y1, ...


@dataclass(frozen=True)
class ProvinceShape:
    """One province as drawn: outline and anchor points, in canvas pixels."""

    code: str
    name: str
    kind: str  # "land", "coast" or "sea"
    supply_centre: bool
    polygons: tuple[Ring, ...]
    unit: XY
    label: XY
    centre: XY | None
    coasts: tuple[tuple[str, XY], ...]

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    def anchor(self, coast: str | None = None) -> XY:
        """Where a unit stands: on the named coast if there is one."""
        return dict(self.coasts).get(coast or "", self.unit)


@dataclass(frozen=True, eq=False)  # hashed by identity, so layer caches can key on it
class MapGeometry:
    """Every province plus the decoration around them."""

    width: int
    height: int
    provinces: dict[str, ProvinceShape]
    impassable: tuple[Ring, ...]
    lakes: tuple[Ring, ...]
    islands: tuple[Ring, ...]
    impassable_codes: frozenset[str]  # codes records may name that are not provinces (SWI)
    powers: tuple[str, ...] = tuple(POWER_COLOURS)  # the board's, in its data's order

    @property
    def colours(self) -> dict[str, RGB]:
        """Each of the board's powers and its colour."""
        return board_colours(self.powers)

    def province_ids(self) -> dict[str, int]:
        """A small integer per province (1..n, by code) for id images."""
        return {code: number for number, code in enumerate(sorted(self.provinces), start=1)}


def _xy(value: list[float] | None) -> XY | None:
    return None if value is None else (float(value[0]), float(value[1]))


def _rings(value: list[list[float]]) -> tuple[Ring, ...]:
    return tuple(tuple(ring) for ring in value)


def _province(code: str, raw: dict[str, Any]) -> ProvinceShape:
    unit, label = _xy(raw["unit"]), _xy(raw["label"])
    assert unit is not None and label is not None, f"{code} lacks a unit or label point"
    return ProvinceShape(
        code=code,
        name=raw["name"],
        kind=raw["kind"],
        supply_centre=raw["supply_centre"],
        polygons=_rings(raw["polygons"]),
        unit=unit,
        label=label,
        centre=_xy(raw["centre"]),
        coasts=tuple(sorted((coast, (xy[0], xy[1])) for coast, xy in raw["coasts"].items())),
    )


@lru_cache(maxsize=4)
def load_geometry(path: Path = DEFAULT_MAP) -> MapGeometry:
    """Read a map JSON written by ``python -m maps.build``."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return MapGeometry(
        width=raw["width"],
        height=raw["height"],
        provinces={code: _province(code, p) for code, p in sorted(raw["provinces"].items())},
        impassable=_rings(raw["impassable"]),
        lakes=_rings(raw["lakes"]),
        islands=_rings(raw["islands"]),
        impassable_codes=frozenset(raw.get("impassable_codes", [])),
        powers=tuple(raw.get("powers", POWER_COLOURS)),
    )


def board_geometry(board: str) -> MapGeometry:
    """The drawing of the named board (``maps/data/<board>.json``); ValueError
    names a board nobody has drawn."""
    path = MAPS_DATA / f"{board}.json"
    if not re.fullmatch(r"[a-z0-9_]+", board) or not path.is_file():
        raise ValueError(f'no drawing of the board "{board}" in maps/data')
    return load_geometry(path)
