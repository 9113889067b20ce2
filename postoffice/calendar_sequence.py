"""The next SEQUENCE of a calendar event: strictly above every number written
for its UID before, and never below the minutes-since-1970 numbers earlier
files carried (postoffice.ics.revision), so events already in a calendar are
still updated.

The count is kept per reader, not per event: every reader's calendar holds
its own copy of the event, and one count shared by all would tell a player
how many files went to others (a reminder goes only to those who have not
ordered), which fog may hide.
"""

from __future__ import annotations

from datetime import datetime
from hashlib import sha256

from django.db import connection

from postoffice.ics import revision
from postoffice.models import CalendarSequence

TABLE = CalendarSequence._meta.db_table
# One statement, atomic on SQLite and PostgreSQL alike: two workers writing
# files for one event take two different numbers, in the order they wrote.
NEXT = f"""
INSERT INTO {TABLE} (uid, sequence) VALUES (%s, %s)
ON CONFLICT (uid) DO UPDATE SET sequence = CASE
    WHEN {TABLE}.sequence + 1 > excluded.sequence THEN {TABLE}.sequence + 1
    ELSE excluded.sequence END
RETURNING sequence
"""


def next_sequence(uid: str, reader: str, now: datetime) -> int:
    """The next number of the event ``uid`` in the calendar of ``reader`` (an address)."""
    key = f"{uid} {sha256(reader.lower().encode()).hexdigest()[:32]}"
    with connection.cursor() as cursor:
        cursor.execute(NEXT, [key, revision(now)])
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])
