"""The parts of a player's game page kept once drawn: the record (units,
centres, report), the map's ordering controls and the order form.

Each is drawn from the player's own record, the open phase and the
player's own order sheet, and nothing else, so a piece is kept under a key
made of exactly those: the game, the power, the phase (and its status and
the game's), and a digest of the record and of the sheet as the form shows
it. No key names another power's anything, so no power's piece can be
served to another, and another power's orders or moves never make my next
page a miss (a timing side channel, docs/performance.md, "Why there is no
cache of the rendered page"). A board edit, a saved sheet or a new phase
changes the digest or the phase, and the piece is drawn afresh.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from games.access import Viewer
from games.models import OrderSheet, Phase


def piece_key(
    viewer: Viewer,
    phase: Phase | None,
    record: dict[str, Any] | None,
    sheet: OrderSheet | None,
    lead_ordinal: int | None,
) -> str | None:
    """The key of the player's pieces on a plain view of the page; None
    (draw afresh) for anyone but a player, or before a phase or a record."""
    if not viewer.is_player or phase is None or record is None:
        return None
    game = viewer.game
    shown = [record, sheet.parsed if sheet else [], sheet.extras if sheet else {}]
    digest = hashlib.blake2b(json.dumps(shown, sort_keys=True).encode(), digest_size=16)
    parts = (game.pk, viewer.power, game.preset, game.status, phase.pk, phase.status)
    return ":".join(map(str, (*parts, lead_ordinal, digest.hexdigest())))
