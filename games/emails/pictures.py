"""The map attached to an email: the same picture the game page shows for that record."""

from __future__ import annotations

from typing import Any


def map_png(record: dict[str, Any], game_name: str) -> bytes:
    # Pillow work is imported where it is used, so sending text-only mail stays light.
    from games.maps_adapter import record_png

    return record_png(record, game_name)
