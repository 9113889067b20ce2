"""What a send task's rows share: a deadline's results emails go in one task
(postoffice.sending.send_messages), and each reads the phase now open and
links to the game.

Those are the game's, the same for every member: the phase (its name, kind,
deadline and status, never its board) and the game's pages. Nothing in them
depends on the power, so they are made once a batch for all seven emails
instead of once each. Who may read the phase is still checked for each email
(games.access, with its viewer), and everything a power's own record gives
is read for that power alone. The maps drawn in the batch share their
boards (games.maps_adapter).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from games import access
from games.maps_adapter import drawn_together
from games.models import Phase

T = TypeVar("T")
# What the batch has made, by what it was made from; None outside `sent_together`.
_KEPT: ContextVar[dict[Hashable, Any] | None] = ContextVar("batch_kept", default=None)


@contextmanager
def sent_together() -> Iterator[None]:
    """Around one send task's rows: game-wide parts made once, boards drawn once."""
    token = _KEPT.set({})
    try:
        with drawn_together():
            yield
    finally:
        _KEPT.reset(token)


def once_a_batch(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, made once inside `sent_together` for each key. The key must
    hold everything the result depends on, and never a power."""
    kept = _KEPT.get()
    if kept is None:
        return make()
    if key not in kept:
        kept[key] = make()
    return kept[key]


def phase_for(viewer: access.Viewer, ordinal: int) -> Phase | None:
    """The game's phase at ``ordinal`` as access_phase_or_none reads it."""
    key = ("phase", viewer.game.pk, ordinal)
    return once_a_batch(key, lambda: access.access_phase_or_none(viewer, ordinal))
