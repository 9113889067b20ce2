"""The words every layer shares: order kinds, record keys, phase names.

One definition each, so the rules, the server, the email and the map cannot
drift apart: the kinds of order a knowledge record reports, the keys under
which the full view and an observer's record are kept, and how a phase name
like ``F1901R`` reads in words.
"""

from __future__ import annotations

from enum import StrEnum


class OrderKind(StrEnum):
    """The kinds of order the fog rules observe and a record reports (``orders[].kind``)."""

    HOLD = "hold"
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"
    RETREAT = "retreat"
    DISBAND = "disband"
    BUILD = "build"
    REMOVE = "remove"
    WAIVE = "waive"


ORDER_KINDS = frozenset(kind.value for kind in OrderKind)

#: Whose records are whose: an observer (no power) reads the record of a power
#: with no units, kept under OBSERVER; the full view is kept under GAME_MASTER.
OBSERVER = "OBSERVER"
GAME_MASTER = ""

SETUP = "SETUP"  # the phase of the record before the first phase
SEASON_NAMES = {"S": "Spring", "F": "Fall", "W": "Winter"}
PHASE_KIND_NAMES = {"M": "movement", "R": "retreats", "A": "adjustments"}


def phase_label(name: str) -> str:
    """``"S1901M"`` -> ``"Spring 1901 movement"``; ``"SETUP"`` -> ``"Opening position"``;
    anything else comes back as given."""
    if name == SETUP:
        return "Opening position"
    if len(name) < 3 or name[0] not in SEASON_NAMES or name[-1] not in PHASE_KIND_NAMES:
        return name
    return f"{SEASON_NAMES[name[0]]} {name[1:-1]} {PHASE_KIND_NAMES[name[-1]]}"
