"""Who sits where: invitations, joining, assigning, replacing, open seats, absences, leaving."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib.auth import get_user_model

from games.forms.clock import NewcomerExtensionField

FOG_OPEN_SEAT_ERROR = (
    "In a fog game nobody may learn who missed orders, so seats do not open on "
    "their own: leave this at 0."
)


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


class ReplaceForm(forms.Form):
    """A new player for one of the powers of the game's board."""

    power = forms.ChoiceField()
    username = forms.CharField(
        label="New player's username",
        widget=forms.TextInput(attrs={"placeholder": "new player's username"}),
    )
    confirm = forms.BooleanField(
        label="Yes, replace them",
        error_messages={
            "required": "Tick the box to confirm the new player: the old one loses the seat."
        },
    )

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "id_replace_%s")  # one console page holds three power menus
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
    id_pattern = "id_open_seat_%s"

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", self.id_pattern)  # one console page holds three power menus
        super().__init__(*args, **kwargs)
        power = self.fields["power"]
        assert isinstance(power, forms.ChoiceField)
        power.choices = power_choices(powers)


def minimum_reliability_field() -> forms.IntegerField:
    return forms.IntegerField(
        required=False,
        min_value=0,
        max_value=100,
        label="Minimum reliability (%)",
        help_text="A newcomer from the lobby must have kept at least this share of deadlines; "
        "empty: anyone. Invitations and your own choices are not held to it.",
    )


def minimum_rating_field() -> forms.IntegerField:
    return forms.IntegerField(
        required=False,
        min_value=-100,
        max_value=100,
        label="Minimum rating",
        help_text="A newcomer from the lobby must be rated at least this (a new player: 0); "
        "empty: anyone.",
    )


class SeatRulesForm(forms.Form):
    in_lobby = forms.BooleanField(required=False, label="List in the lobby")
    min_reliability = minimum_reliability_field()
    min_rating = minimum_rating_field()
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
