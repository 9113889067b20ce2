"""A game's clock as the game master sets it: phase lengths, grace, absences, the early end."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms

from common.durations import DurationField, duration_text
from games.actions.clock import (
    MAX_ABSENCE_LIMIT,
    MAX_GRACE_EXTENSIONS,
    MAX_READY_DELAY_MINUTES,
)


class NewcomerExtensionField(DurationField):
    """Extra time for a newcomer's first phase: 0 for none, else a deadline's length."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("initial", "24h")
        kwargs.setdefault("label", "Extra time for a new player")
        kwargs.setdefault(
            "help_text", "Added once to the deadline when someone takes a seat; 0 for none."
        )
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> timedelta | None:  # type: ignore[override]
        if str(value or "").strip() in ("0", "0h", "0m", "0d"):
            return timedelta(0)
        return super().to_python(value)


NEWCOMER_EXTENSION = timedelta(hours=24)


def minutes(duration: timedelta | None, default: timedelta) -> int:
    """Whole minutes of a duration left empty (None) or given."""
    return int((default if duration is None else duration).total_seconds() // 60)


class ClockForm(forms.Form):
    """The game's clock rules (docs/lifecycle.md, "Deadlines"): on the new-game
    form and on the console, where they apply from the next deadline set."""

    deadline_time = forms.TimeField(
        required=False,
        label="Deadlines at (clock time)",
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text="Optional: each deadline rounds forward to this time in the game's zone.",
    )
    skip_weekends = forms.BooleanField(
        required=False, label="No deadlines on Saturday or Sunday (they move to Monday)"
    )
    grace = DurationField(
        required=False,
        initial="24h",
        label="Grace period for missing orders",
        help_text="How long each automatic extension gives. In a fog game every phase "
        "gets its extensions, late power or not, and only a late power is told it is "
        "late: whether anyone missed orders is hidden there.",
    )
    grace_extensions = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_GRACE_EXTENSIONS,
        initial=0,
        label="Automatic extensions when a power sends no orders",
        help_text="0: a power without orders falls into civil disorder at the deadline.",
    )
    ready_delay = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_READY_DELAY_MINUTES,
        initial=5,
        label="Minutes between everyone ready and the end of the phase",
        help_text="In a fog game every seat not open to a newcomer must say it is "
        "ready, eliminated or not, with orders to give or not.",
    )
    absence_limit = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_ABSENCE_LIMIT,
        label="Deadline moves for absences, per player",
        help_text="Empty: 2 in a standard game, 0 in a fog game. Fog games only take 0: "
        "a moved deadline would tell everyone that someone is away.",
    )

    @classmethod
    def initial_of(cls, game: Any) -> dict[str, Any]:
        return {
            "deadline_time": game.deadline_time,
            "skip_weekends": game.skip_weekends,
            "grace": duration_text(game.grace_minutes),
            "grace_extensions": game.grace_extensions,
            "ready_delay": game.ready_delay_minutes,
            "absence_limit": 0 if game.is_fogged else game.absence_limit,
        }

    def clock_rules(self) -> dict[str, Any]:
        data = self.cleaned_data
        grace = data.get("grace") or timedelta(hours=24)
        return {
            "deadline_time": data.get("deadline_time"),
            "skip_weekends": data.get("skip_weekends", False),
            "grace_minutes": int(grace.total_seconds() // 60),
            "grace_extensions": data.get("grace_extensions") or 0,
            "ready_delay_minutes": 5 if data.get("ready_delay") is None else data["ready_delay"],
            "absence_limit": self.absence_moves(),
        }

    def __init__(self, *args: Any, fogged: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fogged = fogged

    def is_fogged(self) -> bool:
        return self.fogged

    def absence_moves(self) -> int:
        """As typed; empty gives the default, which is 0 in a fog game."""
        typed = self.cleaned_data.get("absence_limit")
        if typed is not None:
            return int(typed)
        return 0 if self.is_fogged() else DEFAULT_ABSENCE_LIMIT


DEFAULT_ABSENCE_LIMIT = 2
