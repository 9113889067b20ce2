"""Pictures of knowledge records, drawn by the maps package.

The renderer's only input is one knowledge record (plus a title made of the
game's name and the record's phase), so the picture can show nothing the
record does not. It is drawn on the board of the record's rule set.

Each picture is drawn and encoded once: the PNG is kept in Django's file
storage under a name made from a hash of the record's canonical JSON, the
title, the width and the renderer's version, so the game page and every
look at it, and every email and any resend, read the same bytes, and a record
that changes (or a new renderer) gets a new name. An email carries the same
picture drawn smaller (`email_png`), stored beside it; the web pages show it
without its legend (`page_png`), which they set beside the picture as text
(games/map_legend.py), stored beside it too. Pictures are drawn
lazily, by whoever asks first (the results email's send task draws the email's
picture, a player's first look the page's); a record is immutable once its
phase is adjudicated, so two workers racing on the same name write the same
bytes.

An animation of a run of records (the whole game's true board, or one power's
fogged history) is made of those same stored pictures, one frame each, and is
kept too, under a name made from its frames' names: the same records give the
same file, and a game that goes on (or a new renderer) gives a new one.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import AbstractContextManager
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.http import HttpResponse
from django.urls import reverse

from adjudication.vocabulary import SETUP
from games import gateway
from maps.animation import FRAME_MS, LAST_FRAME_MS, animate
from maps.geometry import MapGeometry, board_geometry
from maps.record import OBSERVER_MARK
from maps.render import DEFAULT_WIDTH, EMAIL_LEVEL, EMAIL_WIDTH, boards_shared, render_png

# Raise when the drawing changes, so stored pictures are drawn again.
# 2: orders drawn in one order whatever the record's (maps.record._drawing_order).
RENDERER_VERSION = 2


def map_url(game_id: int, ordinal: int | None, power: str | None) -> str:
    """The picture's address; ``power`` None: the viewer's own, "": the full record."""
    if ordinal is None:
        url = reverse("game_map_latest", args=[game_id])
    else:
        url = reverse("game_map", args=[game_id, ordinal])
    return url if power is None else f"{url}?power={power or 'ALL'}"


def for_observer(record: dict[str, Any]) -> dict[str, Any]:
    """An observer's record (kept with no power, as the game master's is)
    marked so that the map is titled as the observer's and fogged as its
    record says, not drawn as the game master's view."""
    return {**record, OBSERVER_MARK: True}


def map_title(game_name: str, record: dict[str, Any]) -> str:
    phase = record.get("phase", "")
    return f"{game_name} · {'opening position' if phase == SETUP else phase}"


def drawing_of(record: dict[str, Any]) -> MapGeometry:
    """The drawing of the board the record's rule set plays on."""
    return board_geometry(gateway.board(str(record.get("preset", ""))).name)


def colours_of(preset: str) -> dict[str, tuple[int, int, int]]:
    """Each power's colour on the rule set's board, in the board's order."""
    return board_geometry(gateway.board(preset).name).colours


def picture_name(
    record: dict[str, Any], title: str, width: int = DEFAULT_WIDTH, legend: bool = True
) -> str:
    """The stored picture's file name: it changes whenever what is drawn would.

    The whole record is in it, so a picture is only ever read back for the
    very record (and so the very power's knowledge) it was drawn from."""
    canonical = json.dumps(
        [RENDERER_VERSION, width, title, record], sort_keys=True, separators=(",", ":")
    )
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    size = "" if width == DEFAULT_WIDTH else f"{width}/"  # the page's names as they were
    kind = "" if legend else "plain/"  # the legend left out: the web pages' picture
    return f"maps/{kind}{size}{digest[:2]}/{digest}.png"


def record_png(record: dict[str, Any], game_name: str) -> bytes:
    """The picture of one knowledge record with its legend, a picture that
    stands alone (the API's map, an animation's frames)."""
    return _stored_picture(record, game_name, DEFAULT_WIDTH, None)


def page_png(record: dict[str, Any], game_name: str) -> bytes:
    """The same picture without its legend, as the web pages show it: they
    set the legend beside it as text, readable on a phone."""
    return _stored_picture(record, game_name, DEFAULT_WIDTH, None, legend=False)


def email_png(record: dict[str, Any], game_name: str) -> bytes:
    """The same picture drawn smaller for an email (maps.render.EMAIL_WIDTH):
    a results email with its map stays under 60 KB. It keeps its legend: an
    email has no page to set one beside it."""
    return _stored_picture(record, game_name, EMAIL_WIDTH, EMAIL_LEVEL)


def _stored_picture(
    record: dict[str, Any], game_name: str, width: int, level: int | None, legend: bool = True
) -> bytes:
    title = map_title(game_name, record)
    name = picture_name(record, title, width, legend)
    if default_storage.exists(name):
        with default_storage.open(name, "rb") as stored:
            return bytes(stored.read())
    drawing = drawing_of(record)
    picture = render_png(record, title, width=width, geometry=drawing, level=level, legend=legend)
    keep(name, picture)
    return picture


def drawn_together() -> AbstractContextManager[None]:
    """Pictures drawn inside, one after another (a deadline's results emails),
    draw the board once for powers who know the same and differ only in
    their title (maps.render.boards_shared). Never around a lone request."""
    return boards_shared()


def animation_gif(records: list[dict[str, Any]], game_name: str) -> bytes:
    """One GIF of the records' pictures in order, drawn (and stored) only once."""
    titles = [map_title(game_name, record) for record in records]
    frames = [picture_name(record, title) for record, title in zip(records, titles, strict=True)]
    timing = f"gif {FRAME_MS} {LAST_FRAME_MS}"  # a change of pace is a new file too
    digest = hashlib.sha256("\n".join([timing, *frames]).encode()).hexdigest()
    name = f"animations/{digest[:2]}/{digest}.gif"
    if default_storage.exists(name):
        with default_storage.open(name, "rb") as stored:
            return bytes(stored.read())
    animation = animate([record_png(record, game_name) for record in records])
    keep(name, animation)
    return animation


def keep(name: str, picture: bytes) -> None:
    # A racing worker may have stored the same bytes first; keep one copy.
    if not default_storage.exists(name):
        default_storage.save(name, ContentFile(picture))


def png_response(
    record: dict[str, Any], game_name: str, latest: bool, legend: bool = True
) -> HttpResponse:
    """The PNG; a past phase's picture never changes, the latest one does.
    ``legend`` False: the web pages' picture, their legend beside it."""
    picture = record_png(record, game_name) if legend else page_png(record, game_name)
    response = HttpResponse(picture, content_type="image/png")
    response["Cache-Control"] = "private, no-cache" if latest else "private, max-age=86400"
    return response
