"""What a new password ends, whichever road set it: the emailed reset link
or the password-change page.

A new password is how a person takes their account back from whoever knew
the old one, so everything the old one opened ends with it: the person's
other browser sessions (Django's session hash already refuses them; their
rows go too), every API token made before it (api.tokens reads
Profile.password_changed: accounts cannot import the API, and the API reads
this one moment), and any sign-in pause on the account. The owner's
confirmed address is told.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from accounts.notices import PASSWORD_CHANGED, tell_owner
from accounts.sessions import SignedInSession
from accounts.signin_throttle import clear_account

BY_RESET_LINK = "through the reset link sent to this address"
ON_THE_SITE = "on the site, with the old password"


@transaction.atomic
def after_new_password(user: Any, how: str, keep_session: str | None = None) -> None:
    """``keep_session``: the key of the session that changed it, which stays signed in."""
    Profile.objects.update_or_create(user=user, defaults={"password_changed": timezone.now()})
    others = SignedInSession.objects.filter(user_id=user.pk)
    others.exclude(session_key=keep_session or "").delete()
    clear_account(user.get_username())
    tell_owner(user, PASSWORD_CHANGED, {"how": how})
