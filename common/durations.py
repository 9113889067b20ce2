"""Durations as people type them ("2d 12h", "90m"), read and written back."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django import forms

_DURATION_PART = re.compile(r"([0-9]+)\s*([dhm])")


def parse_duration(text: str) -> timedelta:
    """``"2d 12h"``, ``"36h"``, ``"90m"``, ``"1h30m"``; a bare number is hours."""
    cleaned = text.strip().lower().replace(" ", "")
    if re.fullmatch("[0-9]+", cleaned):
        cleaned += "h"
    parts = _DURATION_PART.findall(cleaned)
    if not parts or _DURATION_PART.sub("", cleaned):
        raise forms.ValidationError(f'Could not read "{text}": write e.g. 48h, 90m or 2d 12h.')
    units = {"d": "days", "h": "hours", "m": "minutes"}
    try:
        return sum((timedelta(**{units[u]: int(n)}) for n, u in parts), timedelta())
    except OverflowError:  # more days than a timedelta holds
        raise forms.ValidationError(f'"{text}" is far too long for a deadline.') from None


def duration_text(minutes: int) -> str:
    """Minutes as the duration fields read them: "36h", "90m", "1d 2h"."""
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
    return " ".join(parts) or "0m"


class DurationField(forms.CharField):
    def to_python(self, value: Any) -> timedelta | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        duration = parse_duration(text)
        if duration < timedelta(minutes=5) or duration > timedelta(days=60):
            raise forms.ValidationError("A deadline must be between 5 minutes and 60 days.")
        return duration
