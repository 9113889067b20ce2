"""Pictures of knowledge records, drawn by the maps package.

The renderer's only input is one knowledge record (docs/maps.md), so the
picture can show nothing the record does not. Until the renderer is
installed the pages show the written report alone.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.urls import reverse


def renderer() -> Any:
    """The render function of the maps package, or None while it is not there."""
    return None


def map_url(game_id: int, ordinal: int | None, power: str) -> str | None:
    if renderer() is None:
        return None
    if ordinal is None:
        url = reverse("game_map_latest", args=[game_id])
    else:
        url = reverse("game_map", args=[game_id, ordinal])
    return f"{url}?power={power}"


def png_response(record: dict[str, Any]) -> HttpResponse:
    render = renderer()
    if render is None:
        raise Http404("Maps are not available yet")
    response = HttpResponse(render(record), content_type="image/png")
    response["Cache-Control"] = "private, max-age=60"
    return response
