"""Values every page template may use."""

from __future__ import annotations

from django.http import HttpRequest

from accounts.signed_in import related_or_none


def address_status(request: HttpRequest) -> dict[str, bool]:
    """A signed-in person whose address is unconfirmed sees why no game email comes."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"address_unconfirmed": False}
    settings = related_or_none(user, "email_settings")
    return {"address_unconfirmed": not (settings and settings.address_confirmed)}
