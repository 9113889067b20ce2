"""Knowledge records written by hand for caretaker tests."""

from __future__ import annotations

from typing import Any


def record(
    power: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]],
    phase: str = "S1903M",
    dislodged: list[dict[str, Any]] | None = None,
    preset: str = "dc2005",
    sees: list[str] | None = None,
    orders: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    seen = sorted({u.split()[1][:3] for us in units.values() for u in us} | set(sees or ()))
    return {
        "preset": preset,
        "power": power,
        "phase": phase,
        "sees": seen,
        "units": units,
        "centers": centres,
        "ghosts": {"units": [], "centers": []},
        "dislodged": dislodged or [],
        "orders": orders or [],
        "lines": [],
        "messages": [],
    }


def move(power: str, unit: str, target: str, result: str) -> dict[str, Any]:
    """One own move as a record reports it, e.g. move("AUSTRIA", "A BUD", "RUM", "fail")."""
    kind, origin = unit.split()
    text = f"{kind} {origin.title()} - {target.title()}"
    return {
        "power": power,
        "unit": kind,
        "from": origin,
        "kind": "move",
        "to": target,
        "via_convoy": False,
        "result": result,
        "text": text,
    }
