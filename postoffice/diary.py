"""A player's diary by email (njudge's DIARY): notes kept for one seat and
read back only by the person who wrote them.

An entry is one line (``DIARY RECORD <text>``, or ``DIARY <text>``); LIST
numbers them, oldest first, and READ gives one in full. Nothing here is
shown to anyone but the writer: the game master reads no diary.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from common.errors import ActionError
from common.text import require_storable
from postoffice.models import DiaryEntry

MAX_ENTRY = 2000  # characters: a note, not a book
MAX_ENTRIES = 500  # a seat's whole diary
PREVIEW = 50


def entries_of(game_id: int, power: str, user: Any) -> QuerySet[DiaryEntry]:
    mine = DiaryEntry.objects.filter(game_id=game_id, power=power, user=user)
    return mine.order_by("written", "id")


def record_entry(game_id: int, power: str, user: Any, text: str) -> int:
    """Keep the note; its number in the diary."""
    text = text.strip()
    if not text:
        raise ActionError('could not read "DIARY RECORD": write the note on the same line')
    if len(text) > MAX_ENTRY:
        raise ActionError(f"The note is {len(text)} characters long; at most {MAX_ENTRY} are kept.")
    require_storable("The note", text)
    count = entries_of(game_id, power, user).count()
    if count >= MAX_ENTRIES:
        raise ActionError(f"Your diary of this game is full ({MAX_ENTRIES} notes).")
    DiaryEntry.objects.create(
        game_id=game_id, power=power, user=user, text=text, written=timezone.now()
    )
    return count + 1


def entry_list(game_id: int, power: str, user: Any) -> list[str]:
    """Each note's number, day and first words."""
    return [
        f"{number}. {entry.written:%Y-%m-%d}: {preview(entry.text)}"
        for number, entry in enumerate(entries_of(game_id, power, user), start=1)
    ]


def preview(text: str) -> str:
    return text if len(text) <= PREVIEW else text[: PREVIEW - 3].rstrip() + "..."


def entry_text(game_id: int, power: str, user: Any, number: int) -> str:
    entries = list(entries_of(game_id, power, user))
    if not 1 <= number <= len(entries):
        raise ActionError(f"Your diary has no note {number} (it has {len(entries)}).")
    entry = entries[number - 1]
    return f"{number}. {entry.written:%Y-%m-%d}: {entry.text}"
