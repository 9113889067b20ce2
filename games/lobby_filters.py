"""The lobby's filters: rule set, press, deadline length, places to take, and
the minimum reliability or rating a game asks (docs/standing.md, "The lobby").
Each is read from the query string by games.views.lobby; a value that cannot
be read is named in an error and that filter left off."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db.models import QuerySet

from games.models import Game, Preset, PressMode

WHOLE_NUMBER = re.compile(r"-?[0-9]{1,6}")
MAX_HOURS = 24 * 30
MAX_PLACES = 7


@dataclass(frozen=True)
class LobbyFilters:
    preset: str = ""
    press: str = ""
    max_hours: int | None = None  # movement deadlines at most this long
    places: int | None = None  # at least this many places to take
    min_reliability: int | None = None  # asks at least this reliability
    min_rating: int | None = None  # asks at least this rating

    def games(self, listed: QuerySet[Game]) -> QuerySet[Game]:
        if self.preset:
            listed = listed.filter(preset=self.preset)
        if self.press:
            listed = listed.filter(press_mode=self.press)
        if self.max_hours is not None:
            listed = listed.filter(movement_minutes__lte=self.max_hours * 60)
        if self.min_reliability is not None:
            listed = listed.filter(min_reliability__gte=self.min_reliability)
        if self.min_rating is not None:
            listed = listed.filter(min_rating__gte=self.min_rating)
        return listed


def choice(value: str, choices: type[Preset] | type[PressMode], what: str) -> str:
    if value and value not in choices.values:
        known = ", ".join(choices.values)
        raise ValueError(f'"{value[:40]}" is not a {what}: choose one of {known}.')
    return value


def number(value: str, what: str, low: int, high: int) -> int | None:
    if not value:
        return None
    if not WHOLE_NUMBER.fullmatch(value) or not low <= int(value) <= high:
        raise ValueError(f"The {what} must be a whole number from {low} to {high}.")
    return int(value)
