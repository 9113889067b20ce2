"""The map attached to an email, drawn from the recipient's own knowledge record."""

from __future__ import annotations

from typing import Any


def map_png(record: dict[str, Any], title: str) -> bytes:
    from maps.render import render_png  # Pillow work: imported where it is used

    return render_png(record, title=title)
