"""A calendar file (RFC 5545) for a deadline, written with the icalendar library.

The library escapes text and folds long lines at 75 octets as the RFC
requires, which every calendar program expects. The UID names the game and
phase, never the moment, and SEQUENCE grows with every file written for
the UID (postoffice/calendar_sequence.py): a later file for the same phase
(a deadline moved by the game master) updates the event already in a
calendar instead of adding another.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import lru_cache
from urllib.parse import urlsplit

from django.conf import settings
from icalendar import Alarm, Calendar, Event

EVENT_LENGTH = timedelta(minutes=15)
# The latest moment an event may start: a deadline set beyond it (before
# deadlines were bounded, games/deadlines.py) is written at it, so that no
# sum in the file overflows and the worker never fails on that email.
LATEST_START = datetime(9999, 12, 1, tzinfo=UTC)


def deadline_uid(game_id: int, phase_name: str) -> str:
    """Unique to this site (its host name), so two FogDip sites never share events."""
    return f"game-{game_id}-{phase_name}@{site_host()}"


def site_host() -> str:
    return urlsplit(settings.SITE_URL).hostname or "fogdip"


def revision(now: datetime) -> int:
    """Minutes since 1970 when the file was written: later files carry larger numbers."""
    return int(now.timestamp() // 60)


def deadline_event(
    uid: str,
    summary: str,
    deadline: datetime,
    url: str,
    now: datetime,
    due: str = "Orders are due.",
    cancelled: bool = False,
    sequence: int | None = None,
) -> str:
    """One event at the deadline itself, with an alarm an hour before; ``due``
    says what is due ("Orders are due.", or a battle side's activation).
    ``cancelled``: the game is paused, the event is off until it resumes
    (the same UID with a later SEQUENCE brings it back). ``sequence``: the
    event's next number for this reader (postoffice.calendar_sequence);
    without one, the minutes since 1970."""
    # The file holds ``now`` to the second (DTSTAMP) and the minute (SEQUENCE).
    written = now.astimezone(UTC).replace(microsecond=0)
    number = revision(written) if sequence is None else sequence
    return _calendar_file(uid, summary, deadline, url, written, due, cancelled, number)


# A deadline's seven results emails carry the same file, written in the same
# second with the same number: it is written once. The library's line folding
# made each file about a fifth of a results email's CPU. Every input is in the
# key, so a file is only ever reused for the very same event; text is immutable.
@lru_cache(maxsize=64)
def _calendar_file(
    uid: str,
    summary: str,
    deadline: datetime,
    url: str,
    now: datetime,
    due: str,
    cancelled: bool,
    sequence: int,
) -> str:
    calendar = Calendar()
    calendar.add("prodid", "-//FogDip//Deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add("method", "CANCEL" if cancelled else "PUBLISH")
    event = _event(uid, summary, deadline, url, now, due)
    event.add("sequence", sequence)
    if cancelled:
        event.add("status", "CANCELLED")
    calendar.add_component(event)
    return calendar.to_ical().decode()


def _event(uid: str, summary: str, deadline: datetime, url: str, now: datetime, due: str) -> Event:
    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", now.astimezone(UTC))
    start = bounded(deadline)
    event.add("dtstart", start)
    event.add("dtend", start + EVENT_LENGTH)  # RFC 5545: after DTSTART
    event.add("summary", summary)
    event.add("url", url)
    event.add("description", f"{due} {url}")
    alarm = Alarm()
    alarm.add("trigger", timedelta(hours=-1))
    alarm.add("action", "DISPLAY")
    alarm.add("description", summary)
    event.add_component(alarm)
    return event


def bounded(deadline: datetime) -> datetime:
    """The deadline in UTC, at LATEST_START at the latest."""
    try:
        return min(deadline.astimezone(UTC), LATEST_START)
    except OverflowError:  # beyond year 9999 once in UTC
        return LATEST_START
