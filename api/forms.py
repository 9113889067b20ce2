"""The form that makes a personal API token, on the settings page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest

from accounts.signin_throttle import password_is_right
from api.models import ApiToken
from games.access import games_of
from games.models import Game

# Days a token may last (0: until revoked).
LIFETIMES = [(0, "Never"), (1, "In a day"), (7, "In a week"), (30, "In 30 days")]
LIFETIMES += [(90, "In 90 days"), (365, "In a year")]


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
    lifetime = forms.TypedChoiceField(
        label="Expires",
        choices=LIFETIMES,
        coerce=int,
        initial=0,
        required=False,
        empty_value=None,
        help_text="Optional: after this long the token opens nothing, as if revoked.",
    )
    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="A token acts as you, so making one asks for your password.",
    )

    def __init__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        field: Any = self.fields["game"]
        field.queryset = games_of(request.user).order_by("-created")

    def clean_password(self) -> str:
        """Checked as a sign-in is, so guessing here counts towards the same pauses."""
        password: str = self.cleaned_data["password"]
        if not password_is_right(self.request, self.request.user, password):
            raise forms.ValidationError("That is not your password.")
        return password
