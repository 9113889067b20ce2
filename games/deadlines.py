"""When a phase's deadline falls: the game's clock rules, as plain data in and out.

Pure Python (the standard library's zoneinfo, no Django), so the rules can be
checked on their own with property tests. A deadline is at least the phase's
length after it opens; with a clock time of day it rounds forward to the next
such time in the game's zone; with weekends skipped, one that would fall on a
Saturday or Sunday in that zone moves to the Monday at the same wall time.
Every answer is an aware datetime in UTC.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

SATURDAY = 5
# How far ahead a deadline the game master sets may be: a year and a day. A
# deadline in year 9999 was taken, and then every sum with it overflowed (the
# next extension, the calendar file's end) in the web and in the worker.
HORIZON = timedelta(days=366)


def horizon_problem(deadline: datetime, now: datetime) -> str:
    """Why a deadline the game master chose cannot be used, or "": it must
    name its zone (a naive time is read in no zone at all) and fall within
    HORIZON of ``now``. Never computes ``deadline`` plus anything."""
    if deadline.tzinfo is None or deadline.utcoffset() is None:
        return "A deadline must say its time zone (an offset such as +00:00)."
    if deadline - now > HORIZON:
        return f"A deadline may be at most {HORIZON.days} days ahead."
    return ""


def may_extend(deadline: datetime, by: timedelta, now: datetime) -> bool:
    """Whether ``deadline + by`` stays within HORIZON of ``now``, asked without
    the sum (which overflows for a deadline already near the end of time)."""
    return by <= HORIZON - (deadline - now)


@dataclass(frozen=True)
class Clock:
    """A game's deadline rules. ``lengths`` maps the phase kind ("M", "R", "A")
    to its length; a kind not named there takes the adjustment length "A"."""

    lengths: Mapping[str, timedelta]
    zone: str = "UTC"
    time_of_day: time | None = None
    skip_weekends: bool = False
    tz: ZoneInfo = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tz", ZoneInfo(self.zone))

    def length(self, kind: str) -> timedelta:
        return self.lengths.get(kind, self.lengths["A"])


def next_deadline(now: datetime, kind: str, clock: Clock) -> datetime:
    """The deadline of a phase of ``kind`` opening at ``now``."""
    return settle(now + clock.length(kind), clock)


def after_absence(last_day: date, kind: str, clock: Clock) -> datetime:
    """A deadline moved past an absence: the phase's full length after the end
    of the absence's last day (midnight in the game's zone), then the clock rules."""
    back = _wall(last_day + timedelta(days=1), time(0), clock.tz)
    return next_deadline(back, kind, clock)


def settle(earliest: datetime, clock: Clock) -> datetime:
    """The first moment at or after ``earliest`` that the clock rules allow."""
    local = earliest.astimezone(clock.tz)
    if clock.time_of_day is not None:
        local = _next_time_of_day(earliest, clock.time_of_day, clock.tz)
    if clock.skip_weekends and local.weekday() >= SATURDAY:
        monday = local.date() + timedelta(days=7 - local.weekday())
        local = _wall(monday, local.time(), clock.tz)
    return local.astimezone(UTC)


def _next_time_of_day(earliest: datetime, at: time, tz: ZoneInfo) -> datetime:
    day = earliest.astimezone(tz).date()
    candidate = _wall(day, at, tz)
    while candidate < earliest:
        day += timedelta(days=1)
        candidate = _wall(day, at, tz)
    return candidate


def _wall(day: date, at: time, tz: ZoneInfo) -> datetime:
    """A wall-clock time in the zone, normalised: a time the clocks skipped
    (spring forward) becomes the moment just after the gap, read as the offset
    before it, so 02:30 on a night that jumps from 02:00 to 03:00 is 03:30."""
    naive = datetime.combine(day, at.replace(tzinfo=None))
    return naive.replace(tzinfo=tz).astimezone(UTC).astimezone(tz)
