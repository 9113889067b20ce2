"""Links that leave the site: in email, invitations and the demo's printout."""

from __future__ import annotations

from django.conf import settings


def absolute_url(path: str) -> str:
    """``/games/3/`` -> ``https://fogdip.example/games/3/`` (settings.SITE_URL)."""
    return f"{settings.SITE_URL}{path}"
