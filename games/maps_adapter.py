"""Pictures of knowledge records, drawn by the maps package.

The renderer's only input is one knowledge record (plus a title made of the
game's name and the record's phase), so the picture can show nothing the
record does not. It is drawn on the board of the record's rule set.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.urls import reverse

from adjudication.vocabulary import SETUP
from games import gateway
from maps.geometry import MapGeometry, board_geometry
from maps.render import DEFAULT_WIDTH, render_png


def map_url(game_id: int, ordinal: int | None, power: str | None) -> str:
    """The picture's address; ``power`` None: the viewer's own, "": the full record."""
    if ordinal is None:
        url = reverse("game_map_latest", args=[game_id])
    else:
        url = reverse("game_map", args=[game_id, ordinal])
    return url if power is None else f"{url}?power={power or 'ALL'}"


def map_title(game_name: str, record: dict[str, Any]) -> str:
    phase = record.get("phase", "")
    return f"{game_name} · {'opening position' if phase == SETUP else phase}"


def drawing_of(record: dict[str, Any]) -> MapGeometry:
    """The drawing of the board the record's rule set plays on."""
    return board_geometry(gateway.board(str(record.get("preset", ""))).name)


def record_png(record: dict[str, Any], game_name: str) -> bytes:
    """The picture of one knowledge record, as the game page and email show it."""
    title = map_title(game_name, record)
    return render_png(record, title, width=DEFAULT_WIDTH, geometry=drawing_of(record))


def png_response(record: dict[str, Any], game_name: str, latest: bool) -> HttpResponse:
    """The PNG; a past phase's picture never changes, the latest one does."""
    picture = record_png(record, game_name)
    response = HttpResponse(picture, content_type="image/png")
    response["Cache-Control"] = "private, no-cache" if latest else "private, max-age=86400"
    return response
