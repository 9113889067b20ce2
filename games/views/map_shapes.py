"""The provinces' outlines a rule set's board is drawn with, as JSON, for the
clickable map on the game page (static/js/map_orders.js).

Public geometry only, the same for everyone: no account, no game, no SQL.
Built once per process and board; browsers keep it a day.
"""

from __future__ import annotations

import json
from functools import lru_cache

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from games import gateway
from maps.geometry import board_geometry
from maps.shapes import overlay_shapes


@require_GET
@cache_control(public=True, max_age=24 * 3600)
def shapes(request: HttpRequest, preset: str) -> HttpResponse:
    try:
        board = gateway.board(preset).name
    except ValueError:
        raise Http404(f'no rule set "{preset}"') from None
    return HttpResponse(shapes_json(board), content_type="application/json")


@lru_cache(maxsize=8)
def shapes_json(board: str) -> bytes:
    """The board's outlines, encoded once (the geometry never changes while running)."""
    return json.dumps(overlay_shapes(board_geometry(board)), separators=(",", ":")).encode()
