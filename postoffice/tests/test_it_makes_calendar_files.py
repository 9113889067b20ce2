from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from icalendar import Calendar

from postoffice import ics
from postoffice.ics import LATEST_START, deadline_event, deadline_uid, site_host


def test_it_makes_an_event_at_the_deadline_in_utc():
    deadline = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)
    now = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
    ics = deadline_event("g1-S1901M@fogdip", "Fog; orders, due", deadline, "http://x/g/1/", now)
    lines = ics.split("\r\n")
    assert lines[0] == "BEGIN:VCALENDAR" and ics.endswith("END:VCALENDAR\r\n")
    assert "DTSTART:20261123T183000Z" in lines
    assert "SUMMARY:Fog\\; orders\\, due" in lines
    assert "UID:g1-S1901M@fogdip" in lines


def test_it_folds_long_lines_at_75_octets():
    deadline = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)
    summary = "Fogbound, a game with a very long name indeed: orders due (Spring 1901 movement)"
    ics = deadline_event("game-1-S1901M@fogdip", summary, deadline, "http://x/", deadline)
    assert all(len(line.encode()) <= 75 for line in ics.split("\r\n"))
    unfolded = ics.replace("\r\n ", "")
    assert f"SUMMARY:{summary.replace(',', chr(92) + ',')}" in unfolded.split("\r\n")


def test_a_moved_deadline_keeps_the_uid_and_raises_the_sequence():
    first = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)
    written = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
    before = Calendar.from_ical(deadline_event(deadline_uid(7, "S1901M"), "x", first, "u", written))
    moved = first + timedelta(days=1)
    later = written + timedelta(hours=3)
    after = Calendar.from_ical(deadline_event(deadline_uid(7, "S1901M"), "x", moved, "u", later))
    old, new = before.walk("VEVENT")[0], after.walk("VEVENT")[0]
    assert old["UID"] == new["UID"] == f"game-7-S1901M@{site_host()}"
    assert new["SEQUENCE"] > old["SEQUENCE"]
    assert new.decoded("DTSTART") == moved


def test_a_calendar_program_reads_it_back():
    deadline = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)
    ics = deadline_event(
        "game-1-S1901M@fogdip", "Fog; orders, due", deadline, "http://x/", deadline
    )
    event = Calendar.from_ical(ics).walk("VEVENT")[0]
    assert str(event["SUMMARY"]) == "Fog; orders, due"
    assert event.walk("VALARM")[0].decoded("TRIGGER") == -timedelta(hours=1)


def test_it_says_what_is_due_in_the_description():
    deadline = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)
    orders = deadline_event("g", "x", deadline, "http://x/g/1/", deadline)
    turn = deadline_event(
        "b", "x", deadline, "http://x/b/1/", deadline, due="Red's activation is due."
    )
    described = [
        str(Calendar.from_ical(ics).walk("VEVENT")[0]["DESCRIPTION"]) for ics in (orders, turn)
    ]
    assert described == ["Orders are due. http://x/g/1/", "Red's activation is due. http://x/b/1/"]


def test_a_deadline_at_the_end_of_time_still_makes_a_file():
    """Set before deadlines were bounded: the event is written at the latest
    start a calendar file can hold, rather than failing the worker."""
    for deadline in (
        datetime(9999, 12, 31, 23, 59, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, tzinfo=timezone(timedelta(hours=-5))),
    ):
        ics = deadline_event("g", "x", deadline, "u", datetime(2026, 1, 1, tzinfo=UTC))
        event = Calendar.from_ical(ics).walk("VEVENT")[0]
        assert event.decoded("DTSTART") == LATEST_START
        assert event.decoded("DTEND") > event.decoded("DTSTART")


def test_the_same_event_written_in_the_same_second_is_the_same_file_written_once():
    """A deadline's seven results emails share one file; what was kept is
    exactly what writing it afresh gives, and a later second is a new file."""
    deadline = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)
    now = datetime(2026, 11, 22, 9, 0, 5, 1234, tzinfo=UTC)
    event = ("game-3-F1901M@fogdip", "Fog: orders due", deadline, "http://x/g/3/")
    first = deadline_event(*event, now)
    again = deadline_event(*event, now.replace(microsecond=999_999))
    assert again is first  # kept, not written again
    ics._calendar_file.cache_clear()
    assert deadline_event(*event, now.replace(microsecond=0)) == first
    later = deadline_event(*event, now + timedelta(seconds=1))
    assert later != first and "DTSTAMP:20261122T090006Z" in later.split("\r\n")
    assert deadline_event("game-4-F1901M@fogdip", *event[1:], now) != first
