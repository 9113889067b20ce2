"""What each power may know after the game master edits the board.

An edit is not a phase: nothing moved by orders, so there is nothing to
report but the board as it now stands. Each power's view of the board is
asked of the rule set the way it is at the start of a game
(``Preset.reveal_start``), once for the board before the edit and once for
the board after. A power whose view is the same both times learns nothing
and gets no new record, so an edit out of its sight changes nothing it
receives. A power whose view changed gets a new record: its previous one
with the board (sees, units, centres, ghosts) worked out afresh by
:func:`next_record`, the report of the phase it holds (orders, lines,
dislodged units) kept, and one message added. The game master's record
always changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudication.fog.knowledge import Record, Revelation, next_record
from adjudication.fog.play import lit_centres
from adjudication.fog.preset import Preset
from adjudication.fog.standard import Standard
from adjudication.record import GAME_MASTER, OBSERVER
from adjudication.types import Position

EDIT_MESSAGE = "The game master changed the board."
KEPT = ("dislodged", "lines", "orders")


def edited_records(
    preset: Preset,
    before: Position,
    after: Position,
    records: Mapping[str, Record],
    state: Mapping[str, Any],
) -> dict[str, Record]:
    """The new records of the powers (OBSERVER too) whose view the edit changed,
    and the game master's ("" key). ``records`` are the current ones, by power."""
    changed = {}
    for power in (*preset.graph.powers, OBSERVER):
        now = preset.reveal_start(after, power, state)
        if _board_of(now) == _board_of(preset.reveal_start(before, power, state)):
            continue
        owner = None if power == OBSERVER else power
        previous = records[power]
        changed[power] = _edited(preset, previous, previous, now, owner, lit_centres(preset))
    full = Standard(preset.graph).reveal_start(after, GAME_MASTER, state)
    # The full record keeps no ghosts: it sees everything.
    changed[GAME_MASTER] = _edited(preset, records[GAME_MASTER], None, full, None, frozenset())
    return changed


def _board_of(revelation: Revelation) -> tuple[Any, ...]:
    centres = tuple(sorted(revelation.centres.items(), key=lambda item: item[0]))
    return revelation.sees, revelation.units, centres


def _edited(
    preset: Preset,
    previous: Record,
    ghosts_from: Record | None,
    now: Revelation,
    power: str | None,
    lit: frozenset[str],
) -> Record:
    phase = str(previous["phase"])
    record = next_record(ghosts_from, now, preset.name, power, phase, lit)
    record.update({field: previous.get(field, []) for field in KEPT})
    record["messages"] = [*previous.get("messages", []), EDIT_MESSAGE]
    return dict(sorted(record.items()))
