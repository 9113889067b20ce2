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
) -> dict[str, Any]:
    seen = sorted({u.split()[1][:3] for us in units.values() for u in us})
    return {
        "preset": preset,
        "power": power,
        "phase": phase,
        "sees": seen,
        "units": units,
        "centers": centres,
        "ghosts": {"units": [], "centers": []},
        "dislodged": dislodged or [],
        "orders": [],
        "lines": [],
        "messages": [],
    }
