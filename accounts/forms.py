"""The account's forms: signing up and the profile.

Neither says whether another account has the address typed: that would tell
anyone whose address has an account here. The address's owner is told by
email instead (accounts.notices, sent by the task that would have sent the
link), and an unconfirmed account never blocks a real owner.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest

from accounts.reserved import RESERVED_PREFIXES, is_reserved
from accounts.signin_throttle import password_is_right
from accounts.zone_menu import TimeZoneField, offer_browser_zone

RESERVED_NAME = (
    f"Names beginning {' or '.join(repr(p) for p in RESERVED_PREFIXES)} are kept for "
    "the site's own accounts (the caretaker's): choose another name."
)


class SignUpForm(UserCreationForm):
    email = forms.EmailField()
    time_zone = TimeZoneField(help_text="Deadlines are shown to you in this time zone.")

    class Meta:
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer_browser_zone(self)

    def clean_username(self) -> str:
        username: str = super().clean_username()
        if is_reserved(username):
            raise forms.ValidationError(RESERVED_NAME)
        return username


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

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.user: Any = request.user  # signed in: the profile page asks for it
        offer_browser_zone(self)

    def clean(self) -> dict[str, Any]:
        """Someone at an unlocked computer must not move the account to their
        address; the password is checked as a sign-in is, so guessing here
        counts towards the same pauses."""
        data = super().clean() or {}
        email = (data.get("email") or "").strip().lower()
        changing = email and email != self.user.email.strip().lower()
        password = data.get("password") or ""
        if changing and not (password and password_is_right(self.request, self.user, password)):
            self.add_error("password", "Enter your current password to change your address.")
        return data
