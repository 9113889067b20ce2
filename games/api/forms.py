"""The form that makes a personal API token, on the settings page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from games.access import games_of
from games.api.models import ApiToken
from games.forms import OpenSeatForm
from games.models import Game, Preset


class TokenForm(forms.Form):
    name = forms.CharField(
        max_length=60, help_text="To tell your tokens apart, e.g. 'my phone' or 'bot'."
    )
    scope = forms.ChoiceField(
        choices=ApiToken.Scope.choices,
        initial=ApiToken.Scope.READ,
        help_text="Read: your games and records. Read and play: also orders, press and votes.",
    )
    game = forms.ModelChoiceField(
        queryset=Game.objects.none(),
        required=False,
        empty_label="All my games",
        help_text="Optional: the token opens only this game.",
    )

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field: Any = self.fields["game"]
        field.queryset = games_of(user).order_by("-created")


class CaretakerForm(OpenSeatForm):
    """The game master gives an empty seat, or one in civil disorder, to the caretaker."""

    def __init__(self, *args: Any, powers: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, powers=powers, **kwargs)
        self.fields["power"].label = "Let the caretaker play"


class PracticeForm(forms.Form):
    """A game against caretakers: the rule set to learn and the power to play."""

    preset = forms.ChoiceField(label="Rule set", choices=Preset.choices, initial=Preset.DC2005)
    power = forms.ChoiceField(
        label="Your power", choices=[(p, p.title()) for p in Game(preset=Preset.STANDARD).powers]
    )
