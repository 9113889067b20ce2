"""Forms: they read and check what people type; actions do the writing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from games.actions.clock import (
    FOG_ABSENCE_ERROR,
    MAX_ABSENCE_LIMIT,
    MAX_GRACE_EXTENSIONS,
    MAX_READY_DELAY_MINUTES,
)
from games.mail.verification import confirmed_owner
from games.models import Preset, PressMode
from games.order_entry import OrderRow, PlayerInput
from games.press.models import EVERYONE
from games.press.rules import MAX_BODY, sender_label
from games.zone_menu import TimeZoneField, offer_browser_zone

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


FOG_OPEN_SEAT_ERROR = (
    "In a fog game nobody may learn who missed orders, so seats do not open on "
    "their own: leave this at 0."
)


ADDRESS_TAKEN = (
    "Another account already uses this address: one address, one account. "
    "Forgot that account's password? Reset it by email from the sign-in page."
)


def free_address(email: str, besides: Any = None) -> str:
    """The address, unless another account confirmed it (then an error names why)."""
    if confirmed_owner(email, besides=besides) is not None:
        raise forms.ValidationError(ADDRESS_TAKEN)
    return email


class SignUpForm(UserCreationForm):
    email = forms.EmailField()
    time_zone = TimeZoneField(help_text="Deadlines are shown to you in this time zone.")

    class Meta:
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_browser_zone(self)

    def clean_email(self) -> str:
        return free_address(self.cleaned_data["email"])


class ProfileForm(forms.Form):
    email = forms.EmailField(
        label="Email address",
        required=False,  # left empty: the address stays as it is
        help_text="Changing it sends a link to the new address and one to the old: "
        "the account moves once both are confirmed, and until then keeps its address.",
    )
    password = forms.CharField(
        label="Current password",
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="Needed only to change your email address.",
    )
    time_zone = TimeZoneField()

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        offer_browser_zone(self)

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        return free_address(email, besides=self.user) if email else email

    def clean(self) -> dict[str, Any]:
        """Someone at an unlocked computer must not move the account to their address."""
        data = super().clean() or {}
        email = (data.get("email") or "").strip().lower()
        changing = email and email != self.user.email.strip().lower()
        if changing and not self.user.check_password(data.get("password") or ""):
            self.add_error("password", "Enter your current password to change your address.")
        return data


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
    name = forms.CharField(max_length=100)
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


class AbsenceForm(forms.Form):
    """The days a player will be away, both included, in the game's time zone."""

    first_day = forms.DateField(
        label="Away from", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    last_day = forms.DateField(
        label="to (included)", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, last = data.get("first_day"), data.get("last_day")
        if first and last and last < first:
            raise forms.ValidationError("The absence must end on or after the day it starts.")
        return data


class InviteForm(forms.Form):
    email = forms.EmailField(label="Invite by email")


class InvitationDecisionForm(forms.Form):
    """The game master's answer to an account asking to take an invitation."""

    request = forms.IntegerField(widget=forms.HiddenInput)
    decision = forms.ChoiceField(choices=[("approve", "Approve"), ("refuse", "Refuse")])


def power_choices(powers: Sequence[str]) -> list[tuple[str, str]]:
    return [(p, p.title()) for p in powers]


class JoinForm(forms.Form):
    """Up to three wishes among the powers of the game's board."""

    first = forms.ChoiceField(required=False, label="First choice")
    second = forms.ChoiceField(required=False, label="Second choice")
    third = forms.ChoiceField(required=False, label="Third choice")

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key in ("first", "second", "third"):
            field = self.fields[key]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [("", "no preference"), *power_choices(powers)]

    def preferences(self) -> list[str]:
        wanted = [self.cleaned_data[key] for key in ("first", "second", "third")]
        return list(dict.fromkeys(p for p in wanted if p))


class SetupChoiceForm(forms.Form):
    """The 1898 start's pick, among those the game's board allows."""

    choice = forms.ChoiceField(label="Your first unit")

    def __init__(self, *args: Any, picks: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice = self.fields["choice"]
        assert isinstance(choice, forms.ChoiceField)
        choice.choices = list(picks)


class AssignForm(forms.Form):
    method = forms.ChoiceField(
        choices=[("random", "At random"), ("preference", "By preference")], initial="random"
    )


class DeadlineForm(forms.Form):
    deadline = forms.DateTimeField(
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        label="New deadline (your time zone)",
    )


class ExtendForm(forms.Form):
    by = DurationField(label="Extend by", initial="24h")


class ReplaceForm(forms.Form):
    """A new player for one of the powers of the game's board."""

    power = forms.ChoiceField()
    username = forms.CharField(
        label="New player's username",
        widget=forms.TextInput(attrs={"placeholder": "new player's username"}),
    )

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        power = self.fields["power"]
        assert isinstance(power, forms.ChoiceField)
        power.choices = power_choices(powers)

    def clean_username(self) -> Any:
        name = self.cleaned_data["username"]
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(f'There is no user called "{name}".')
        return user


class OpenSeatForm(forms.Form):
    """The game master opens the seat of one of the board's powers."""

    power = forms.ChoiceField(label="Open the seat of")

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        power = self.fields["power"]
        assert isinstance(power, forms.ChoiceField)
        power.choices = power_choices(powers)


class SeatRulesForm(forms.Form):
    in_lobby = forms.BooleanField(required=False, label="List in the lobby")
    open_seat_after = forms.IntegerField(
        min_value=0, max_value=20, label="Open a seat after missed movement phases (0: never)"
    )
    newcomer_extension = NewcomerExtensionField()


class TakeSeatForm(forms.Form):
    power = forms.CharField(max_length=10, error_messages={"required": "Choose a seat to take."})


class LeaveForm(forms.Form):
    confirm = forms.BooleanField(
        label="Yes, I leave this game",
        error_messages={"required": "Tick the box to confirm that you leave the game."},
    )


class EndForm(forms.Form):
    result = forms.CharField(
        required=False,
        max_length=200,
        label="Result (optional)",
        widget=forms.TextInput(attrs={"placeholder": "result, e.g. Draw: France, Germany"}),
    )
    confirm = forms.BooleanField(
        label="Yes, end the game now",
        error_messages={
            "required": "Tick the box to confirm that the game ends: it cannot be undone."
        },
    )


class ProcessForm(forms.Form):
    """ "Process now" adjudicates the open phase before its deadline: asked twice."""

    confirm = forms.BooleanField(
        label="Yes, process the phase now",
        error_messages={
            "required": "Tick the box to confirm: the phase is adjudicated at once, "
            "with the orders given so far."
        },
    )


class UnfogForm(forms.Form):
    unfog = forms.BooleanField(required=False, label="Show players the whole history at the end")


class SpectatorsForm(forms.Form):
    allowed = forms.BooleanField(required=False, label="Non-members may watch")


class PressForm(forms.Form):
    """A message: to whom, signed as whom (where the press mode lets the
    sender choose), and what. The rules themselves are checked by send_press."""

    recipients = forms.MultipleChoiceField(
        widget=forms.CheckboxSelectMultiple,
        label="To",
        error_messages={"required": "Choose who receives the message."},
    )
    shown_as = forms.ChoiceField(label="Send as")
    body = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5, "maxlength": MAX_BODY}),
        max_length=MAX_BODY,
        label="Message",
        error_messages={"required": "Write a message before sending."},
    )

    def __init__(self, power: str, powers: list[str], signatures: list[str], *args: Any) -> None:
        super().__init__(*args)
        self.power = power
        self.choice_field("recipients").choices = [(EVERYONE, "Everyone")] + [
            (p, f"{p.title()} (you)" if p == power else p.title()) for p in powers
        ]
        shown_as = self.choice_field("shown_as")
        shown_as.choices = [(s, self.signature_label(s)) for s in signatures]
        shown_as.initial = power
        if len(signatures) < 2:
            del self.fields["shown_as"]  # white press: always signed

    def choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field

    def signature_label(self, shown_as: str) -> str:
        if shown_as == self.power:
            return f"{shown_as.title()} (signed, your own name)"
        return sender_label(shown_as)

    def chosen_signature(self) -> str:
        return str(self.cleaned_data.get("shown_as") or self.power)


class PressSwitchForm(forms.Form):
    open = forms.BooleanField(required=False)


NO_ORDER = ("", "(no order)")


class MenuField(forms.ChoiceField):
    """A ChoiceField over a flat menu of (value, label) strings, kept as
    given: Django normalises every choices list it is handed, option by
    option, and the order menus (every move, support and convoy of each
    unit) were a twentieth of the game page's CPU doing it each time."""

    @property
    def choices(self) -> Any:
        return self._choices

    @choices.setter
    def choices(self, value: Any) -> None:
        # The widget's own setter would normalise them again.
        self._choices = self.widget._choices = value


class OrdersForm(forms.Form):
    """One choice per own unit (or per build / removal), plus free text."""

    typed = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false", "autocomplete": "off"}),
        required=False,
        label="Or type orders",
        help_text="One order a line, e.g. A Par - Bur, F Lon S F Nth - Eng. Typed lines win.",
    )

    def __init__(self, rows: Sequence[OrderRow], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.row_names: list[str] = []
        self.retreat_units: dict[str, str] = {}
        for index, (label, initial, choices) in enumerate(rows):
            name = f"row_{index}"
            self.fields[name] = MenuField(
                choices=(NO_ORDER, *choices), required=False, label=label, initial=initial
            )
            self.row_names.append(name)

    def add_advance_fields(
        self, units: list[str], with_adjustments: bool, saved: dict[str, Any]
    ) -> None:
        """The 1989 rules: a retreat list per unit, and in Fall the adjustment list."""
        lists = saved.get("retreat_lists", {})
        self.retreat_units = {f"retreat_{i}": unit for i, unit in enumerate(units)}
        for name, unit in self.retreat_units.items():
            self.fields[name] = forms.CharField(
                required=False,
                label=f"If {unit} is dislodged, retreat to",
                initial=", ".join(lists.get(unit, [])),
                widget=forms.TextInput(attrs={"placeholder": "e.g. Bur IF Mun EMPTY, Gas"}),
            )
        if with_adjustments:
            self.fields["adjustments"] = forms.CharField(
                required=False,
                label="Builds and removals, in order of priority",
                initial="\n".join(saved.get("adjustment_lists", [])),
                widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
                help_text="One a line, e.g. A Par B, F Bre B IF Eng OCCUPIED, A Mun D.",
            )

    def rows(self) -> list[forms.BoundField]:
        return [self[name] for name in self.row_names]

    def advance_fields(self) -> list[forms.BoundField]:
        names = [*self.retreat_units, "adjustments"]
        return [self[name] for name in names if name in self.fields]

    def player_input(self) -> PlayerInput:
        """What the player picked and typed, for games.order_entry to read."""
        data = self.cleaned_data
        units = self.retreat_units
        lists = {unit: data[name] for name, unit in units.items() if data.get(name, "").strip()}
        chosen = [data[name] for name in self.row_names if data[name].strip()]
        typed = [line for line in data["typed"].splitlines() if line.strip()]
        return PlayerInput(
            lines=tuple(typed),
            picks=tuple(chosen),
            retreat_lists=lists,
            adjustment_lines=tuple(data.get("adjustments", "").splitlines()),
        )
