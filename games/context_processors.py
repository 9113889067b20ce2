"""Values every page template may use."""

from __future__ import annotations

from django.http import HttpRequest

from games.mail.verification import is_confirmed


def address_status(request: HttpRequest) -> dict[str, bool]:
    """A signed-in person whose address is unconfirmed sees why no game email comes."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"address_unconfirmed": False}
    return {"address_unconfirmed": not is_confirmed(user)}
