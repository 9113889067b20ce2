"""The map attached to an email: the same picture the game page shows for that record."""

from __future__ import annotations

from typing import Any


def map_png(record: dict[str, Any], game_name: str) -> bytes:
    # Pillow work is imported where it is used, so sending text-only mail stays light.
    from games.maps_adapter import MAP_WIDTH, drawable, map_title
    from maps.render import render_png

    return render_png(drawable(record), map_title(game_name, record), width=MAP_WIDTH)
