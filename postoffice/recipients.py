"""What the post office reads of a recipient: their email settings, and the
time zone and format they read mail in."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.exceptions import ObjectDoesNotExist

from postoffice.models import EmailSettings

# How far ahead of a deadline anyone may ask to be reminded.
LONGEST_REMINDER = timedelta(hours=72)
DEFAULT_REMINDER_HOURS = 12  # the EmailSettings default, for players who never opened the page


def recipient_preferences(user: Any) -> tuple[str, bool]:
    """(time zone, wants HTML) for a user; defaults for an invitee with no account."""
    if user is None:
        return "UTC", True
    profile, mail = related(user, "profile"), settings_of(user)
    return (profile.time_zone if profile else "UTC", mail.html if mail else True)


def settings_of(user: Any) -> EmailSettings | None:
    """The person's email settings: the row loaded with the message when it was
    (postoffice.sending loads it so), else one query; None if none are saved."""
    return related(user, "email_settings")


def related(user: Any, name: str) -> Any:
    """A one-to-one row of the user's (the profile is the accounts app's), or None."""
    try:
        return getattr(user, name) if user is not None else None
    except ObjectDoesNotExist:
        return None


def reminder_hours(user: Any) -> int | None:
    """Hours before the deadline this user wants a reminder; None: no reminders.
    The settings are read with the user when the caller selected them."""
    settings = settings_of(user)
    if settings is None:
        return DEFAULT_REMINDER_HOURS
    return settings.reminder_hours if settings.reminders and settings.can_receive else None
