"""What the activation form's preview reads (static/js/battle_preview.js): the grid's
terrain and the tokens the side's own record shows, nothing else.

The browser works out a path's cost against a token's SPD and a target's distance
against its reach from these alone, so the preview can tell no more than the
record: a token the side does not see is not in it, and a path the preview finds
clear may still run into one (ruling F7).
"""

from __future__ import annotations

from typing import Any

from adjudication.battle.knowledge import SideRecord
from adjudication.battle.model import Terrain


def preview_data(record: SideRecord | None, side: str) -> dict[str, Any]:
    if record is None:
        return {}
    grid = record.grid
    terrain = {s.name: grid.at(s).value for s in grid.squares() if grid.at(s) != Terrain.NORMAL}
    tokens = {
        t.id: {"at": t.at.name, "own": t.side == side, "spd": t.spd, "range": t.range}
        for t in record.tokens
    }
    return {"width": grid.width, "height": grid.height, "terrain": terrain, "tokens": tokens}
