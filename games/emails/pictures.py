"""The map an email carries: the picture the game page shows for that record, drawn smaller."""

from __future__ import annotations

from typing import Any


def map_png(record: dict[str, Any], game_name: str) -> bytes:
    # Pillow work is imported where it is used, so sending text-only mail stays light.
    from games.maps_adapter import email_png

    return email_png(record, game_name)
