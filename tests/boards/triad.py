"""Triad: a nine-province board for three powers that only the tests play.

It proves that a new board is data plus a preset: the data is
tests/data/triad.json (the map format of docs/engine.md) and each preset
below is one of ours with ``board = "triad"``; tests/data/triad-map.json
draws it (the geometry format of docs/maps.md). A board offered to players
keeps its data in adjudication/data/ instead, where ``load_map`` finds it by
name, and needs no ``__init__`` (docs/boards.md).

    NWD North Wood    NHB North Harbour   EHL East Hills
    WPL West Plain    MSE Middle Sea      EPT East Port
    SFD South Field   SPT South Port      OSE Outer Sea
"""

from __future__ import annotations

import json
from pathlib import Path

from adjudication.fog import PRESETS, Preset
from adjudication.mapgraph import MapGraph, build_map
from maps.geometry import MapGeometry, load_geometry

DATA = Path(__file__).resolve().parents[1] / "data" / "triad.json"
TRIAD: MapGraph = build_map(json.loads(DATA.read_text()))
#: the rule sets that can play Triad (Saari's needs the 1898 start of the standard board)
PLAYABLE = ("standard", "dc2005", "reynolds1989", "diplomyopia")


def on_triad(rule_set: str) -> type[Preset]:
    """One of our rule sets, as a preset that plays on Triad."""
    base = PRESETS[rule_set]

    class OnTriad(base):  # type: ignore[valid-type,misc]
        name = f"triad_{rule_set}"
        board = "triad"

        def __init__(self, graph: MapGraph | None = None) -> None:
            super().__init__(graph or TRIAD)

    return OnTriad


TRIAD_PRESETS: dict[str, type[Preset]] = {on_triad(name).name: on_triad(name) for name in PLAYABLE}

#: Triad drawn: nine squares right of an empty column where the map's panels sit
TRIAD_MAP: MapGeometry = load_geometry(DATA.with_name("triad-map.json"))
