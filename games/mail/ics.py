"""A calendar file (RFC 5545) for a deadline, attached to game-start emails."""

from __future__ import annotations

from datetime import UTC, datetime


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _escape(text: str) -> str:
    for raw, escaped in (("\\", "\\\\"), (";", "\\;"), (",", "\\,"), ("\n", "\\n")):
        text = text.replace(raw, escaped)
    return text


def deadline_event(uid: str, summary: str, deadline: datetime, url: str, now: datetime) -> str:
    """One event at the deadline itself, with an alarm an hour before."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//FogDip//Deadlines//EN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        f"UID:{uid}",
        f"DTSTAMP:{_stamp(now)}",
        f"DTSTART:{_stamp(deadline)}",
        f"DTEND:{_stamp(deadline)}",
        f"SUMMARY:{_escape(summary)}",
        f"URL:{url}",
        f"DESCRIPTION:{_escape('Orders are due. ' + url)}",
        "BEGIN:VALARM",
        "TRIGGER:-PT1H",
        "ACTION:DISPLAY",
        f"DESCRIPTION:{_escape(summary)}",
        "END:VALARM",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return "\r\n".join(lines) + "\r\n"
