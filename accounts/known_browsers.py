"""Browsers that signed in to an account before, known by a signed cookie.

Past a few wrong passwords an account takes one password every few seconds
(accounts.signin_throttle), which a stranger could keep up from many
addresses, so that the player's own tries always came too soon. A browser
the player signed in from before carries this cookie naming the account: it
is not slowed, and its own (account, address) pause still applies. The
cookie is signed with the site's key, so nobody makes one for an account
they never signed in to; it says nothing a session cookie does not.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

COOKIE = "fogdip_signed_in_here"
SALT = "fogdip.known-browser"
LIFETIME = timedelta(days=365)


def remember_browser(response: HttpResponseBase, user: Any) -> None:
    """After a sign-in: this browser is the account's (the last account signed in here)."""
    response.set_signed_cookie(
        COOKIE,
        user.get_username(),
        salt=SALT,
        max_age=int(LIFETIME.total_seconds()),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def signed_in_here_before(request: HttpRequest, username: str) -> bool:
    known = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=LIFETIME)
    return known is not None and known == username
