"""The new-game form: the rule set, press, seats and the clock."""

from __future__ import annotations

from typing import Any

from django import forms

from accounts.zone_menu import TimeZoneField, offer_browser_zone
from common.durations import DurationField
from common.text import refuse_unstorable
from games.actions.clock import (
    FOG_ABSENCE_ERROR,
)
from games.forms.clock import NEWCOMER_EXTENSION, ClockForm, NewcomerExtensionField, minutes
from games.forms.seats import (
    FOG_OPEN_SEAT_ERROR,
    minimum_rating_field,
    minimum_reliability_field,
)
from games.models import Preset, PressMode

SHORT_PHASE = "12h"


SHORT_HELP = (
    "Most powers have nothing to order here. In a fog game every retreat and "
    "adjustment phase is held all the same (so nobody learns who has something "
    "to order), and ends early once every power is ready: keep it short."
)


class GameForm(ClockForm):
    field_order = [
        "name",
        "preset",
        "start_year",
        "movement",
        "retreat",
        "adjustment",
        "time_zone",
        "deadline_time",
        "skip_weekends",
        "grace",
        "grace_extensions",
        "ready_delay",
        "absence_limit",
        "press_mode",
        "anonymous",
        "spectators_allowed",
    ]
    name = forms.CharField(max_length=100, validators=[refuse_unstorable])
    preset = forms.ChoiceField(choices=Preset.choices, label="Rules")
    start_year = forms.TypedChoiceField(
        choices=[(1901, "Spring 1901 (standard start)"), (1898, "Spring 1898 (one unit each)")],
        coerce=int,
        label="Start",
        help_text="Saari's fog always starts in 1898.",
    )
    movement = DurationField(initial="48h", label="Movement deadline")
    # Short by default: in a fog game every retreat and adjustment phase is
    # held, and most powers have nothing to order in it but "I'm ready".
    retreat = DurationField(initial=SHORT_PHASE, label="Retreat deadline", help_text=SHORT_HELP)
    adjustment = DurationField(
        initial=SHORT_PHASE, label="Adjustment deadline", help_text=SHORT_HELP
    )
    time_zone = TimeZoneField(help_text="The game's home time zone, shown beside deadlines.")
    press_mode = forms.ChoiceField(
        choices=PressMode.choices,
        label="Press",
        help_text="Messages between players. Saari's fog is always black press and anonymous.",
    )
    anonymous = forms.BooleanField(required=False, help_text="Hide who plays which power.")
    spectators_allowed = forms.BooleanField(
        required=False,
        label="Non-members may watch",
        help_text="Anyone signed in may follow the game as an observer does.",
    )
    in_lobby = forms.BooleanField(
        required=False,
        initial=True,
        label="List in the lobby",
        help_text="Anyone may join while it forms, and take a seat that opens later.",
    )
    open_seat_after = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=20,
        initial=0,
        label="Open a seat after missed movement phases",
        help_text="How many in a row; 0 never. Standard games only: in a fog game "
        "nobody may learn who missed orders.",
    )
    newcomer_extension = NewcomerExtensionField(required=False)
    min_reliability = minimum_reliability_field()
    min_rating = minimum_rating_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_browser_zone(self)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.is_fogged() and data.get("open_seat_after"):
            self.add_error("open_seat_after", FOG_OPEN_SEAT_ERROR)
        if self.is_fogged() and data.get("absence_limit"):
            self.add_error("absence_limit", FOG_ABSENCE_ERROR)
        return data

    def is_fogged(self) -> bool:
        return self.cleaned_data.get("preset", Preset.STANDARD) != Preset.STANDARD

    def action_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "in_lobby": data["in_lobby"],
            "min_reliability": data["min_reliability"],
            "min_rating": data["min_rating"],
            "open_seat_after": data["open_seat_after"] or 0,
            "newcomer_extension_minutes": minutes(data["newcomer_extension"], NEWCOMER_EXTENSION),
            "name": data["name"],
            "preset": data["preset"],
            "start_year": data["start_year"],
            "movement_minutes": int(data["movement"].total_seconds() // 60),
            "retreat_minutes": int(data["retreat"].total_seconds() // 60),
            "adjustment_minutes": int(data["adjustment"].total_seconds() // 60),
            "time_zone": data["time_zone"],
            "press_mode": data["press_mode"],
            "anonymous": data["anonymous"],
            "spectators_allowed": data["spectators_allowed"],
            **self.clock_rules(),
        }
