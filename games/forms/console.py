"""The game master's console: deadlines, the end, processing now, what opens after the end."""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.utils import timezone

from common.durations import DurationField
from common.text import refuse_unstorable
from games.deadlines import horizon_problem


class DeadlineForm(forms.Form):
    deadline = forms.DateTimeField(
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        label="New deadline (your time zone)",
    )

    def clean_deadline(self) -> datetime:
        """Read in the person's own zone, so aware; within the horizon."""
        deadline: datetime = self.cleaned_data["deadline"]
        if problem := horizon_problem(deadline, timezone.now()):
            raise forms.ValidationError(problem)
        return deadline


class ExtendForm(forms.Form):
    by = DurationField(label="Extend by", initial="24h")


class EndForm(forms.Form):
    result = forms.CharField(
        required=False,
        max_length=200,
        validators=[refuse_unstorable],
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


class PressSwitchForm(forms.Form):
    open = forms.BooleanField(required=False)
