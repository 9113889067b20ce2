"""The form that makes a personal API token, on the settings page."""

from __future__ import annotations

from typing import Any

from django import forms

from api.models import ApiToken
from games.access import games_of
from games.models import Game


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
