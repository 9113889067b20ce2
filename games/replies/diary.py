"""DIARY by email: a player's private notes on their seat (postoffice/diary.py
keeps them). ``DIARY RECORD <note>`` (or ``DIARY <note>``) keeps one,
``DIARY LIST`` numbers them, ``DIARY READ <n>`` gives one in full; the
answer goes to the writer alone, and no one else ever reads them."""

from __future__ import annotations

from games import access
from games.actions import ActionError
from games.models import Phase
from postoffice import diary as notes
from postoffice.inbound.commands import Command

READ_WHICH = 'could not read "{word}": write DIARY READ and the note\'s number (DIARY LIST)'


def diary(viewer: access.Viewer, phase: Phase | None, command: Command) -> str:
    if not viewer.power:
        raise ActionError('could not use "DIARY": a diary is kept by a power\'s player')
    verb, _, rest = command.body.partition(" ")
    if verb.upper() in ("", "LIST") and not rest.strip():
        return listed(viewer)
    if verb.upper() == "READ":
        return read(viewer, rest.strip())
    note = rest if verb.upper() == "RECORD" else command.body
    number = notes.record_entry(viewer.game.pk, viewer.power, viewer.user, note)
    return f"Kept in your diary as note {number}; only you can read it (DIARY READ {number})."


def listed(viewer: access.Viewer) -> str:
    lines = notes.entry_list(viewer.game.pk, viewer.power, viewer.user)
    if not lines:
        return "Your diary of this game is empty: DIARY RECORD and a note keeps one."
    return "\n".join(["Your diary of this game:", *(f"  {line}" for line in lines)])


def read(viewer: access.Viewer, which: str) -> str:
    if not which.isdigit():
        raise ActionError(READ_WHICH.format(word=which or "READ"))
    return notes.entry_text(viewer.game.pk, viewer.power, viewer.user, int(which))
