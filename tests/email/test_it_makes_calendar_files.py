from __future__ import annotations

from datetime import UTC, datetime

from games.mail.ics import deadline_event


def test_it_makes_an_event_at_the_deadline_in_utc():
    deadline = datetime(2026, 11, 23, 18, 30, tzinfo=UTC)
    now = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
    ics = deadline_event("g1-S1901M@fogdip", "Fog; orders, due", deadline, "http://x/g/1/", now)
    lines = ics.split("\r\n")
    assert lines[0] == "BEGIN:VCALENDAR" and ics.endswith("END:VCALENDAR\r\n")
    assert "DTSTART:20261123T183000Z" in lines
    assert "SUMMARY:Fog\\; orders\\, due" in lines
    assert "UID:g1-S1901M@fogdip" in lines
