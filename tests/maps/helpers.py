"""Records and helpers shared by the map tests."""

import copy
import json
from pathlib import Path
from typing import Any

from PIL import Image

from maps.adjacency import board
from maps.geometry import load_geometry

RECORDS = Path(__file__).parent / "records"
TITLE = "Test game"
POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def record(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))


def province_of(unit: str) -> str:
    return unit.split()[1][:3]


def fogged_view(full_board: dict[str, Any], power: str) -> dict[str, Any]:
    """A test-side fog rule: a power sees its units' and centres' provinces and their neighbours."""
    graph = board()
    own = {province_of(u) for u in full_board["units"].get(power, [])}
    own |= set(full_board["centers"].get(power, []))
    sees = own | {n for p in own for n in graph.neighbours[p]}
    units = {
        p: sorted(u for u in us if province_of(u) in sees) for p, us in full_board["units"].items()
    }
    centres = {p: sorted(c for c in cs if c in sees) for p, cs in full_board["centers"].items()}
    orders = [
        o
        for o in full_board["orders"]
        if o.get("from") in sees and o.get("to", o.get("from")) in sees
    ]
    return {
        "preset": full_board["preset"],
        "power": power,
        "phase": full_board["phase"],
        "sees": sorted(sees),
        "units": {p: us for p, us in sorted(units.items()) if us},
        "centers": {p: cs for p, cs in sorted(centres.items()) if cs},
        "ghosts": {"units": [], "centers": []},
        "dislodged": [],
        "orders": orders,
        "lines": [],
        "messages": [],
    }


def unseen(knowledge: dict[str, Any]) -> list[str]:
    return sorted(set(load_geometry().provinces) - set(knowledge["sees"]))


def with_hidden_things(knowledge: dict[str, Any]) -> dict[str, Any]:
    """The record plus units, owners and dislodged units in every province it cannot see."""
    changed = copy.deepcopy(knowledge)
    geometry = load_geometry()
    for index, code in enumerate(unseen(knowledge)):
        power = POWERS[index % len(POWERS)]
        coasts = [coast for coast, _ in geometry.provinces[code].coasts]
        kind = "F" if geometry.provinces[code].is_sea or coasts else "A"
        where = f"{code}/{coasts[0]}" if coasts else code
        changed["units"].setdefault(power, []).append(f"{kind} {where}")
        if geometry.provinces[code].supply_centre:
            changed["centers"].setdefault(power, []).append(code)
        changed.setdefault("dislodged", []).append(
            {"power": power, "unit": f"{kind} {code}", "retreat_options": []}
        )
    return changed


def blank_fog(knowledge: dict[str, Any]) -> dict[str, Any]:
    """A record of the same power that sees nothing and knows nothing."""
    return {
        "power": knowledge["power"] or "ENGLAND",
        "phase": knowledge["phase"],
        "sees": [],
        "units": {},
        "centers": {},
    }


def pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value
