"""The account's forms: signing up and the profile."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from accounts.reserved import RESERVED_PREFIXES, is_reserved
from accounts.verification import confirmed_owner
from accounts.zone_menu import TimeZoneField, offer_browser_zone

ADDRESS_TAKEN = (
    "Another account already uses this address: one address, one account. "
    "Forgot that account's password? Reset it by email from the sign-in page."
)

RESERVED_NAME = (
    f"Names beginning {' or '.join(repr(p) for p in RESERVED_PREFIXES)} are kept for "
    "the site's own accounts (the caretaker's): choose another name."
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

    def clean_username(self) -> str:
        username: str = super().clean_username()
        if is_reserved(username):
            raise forms.ValidationError(RESERVED_NAME)
        return username

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
