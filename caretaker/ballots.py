"""The caretaker's ballot on a draw or a concession: a function of the proposal alone.

    ballot_on("draw")          # -> True
    ballot_on("concession")    # -> False

A caretaker keeps a seat for a player who is gone. A draw that includes its
power is the most it can keep for them, so it accepts every draw; conceding
gives the game away on their behalf, so it refuses every concession, to its
own power too. It never proposes. The ballot reads nothing but the kind of
proposal, which every player is told: neither the board, nor the record,
nor whether its power is still in the game (docs/rulings.md, ruling 27).
"""

from __future__ import annotations

DRAW = "draw"
CONCESSION = "concession"


def ballot_on(kind: str) -> bool:
    """Yes to a draw, no to a concession (and to anything it does not know)."""
    return kind == DRAW
