"""Links that leave the site: in email, invitations, the console's links to
share and the demo's printout. One rule everywhere: the configured site
address (settings.SITE_URL), never the address a request came in on."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse


def absolute_url(path: str) -> str:
    """``/games/3/`` -> ``https://fogdip.example/games/3/`` (settings.SITE_URL)."""
    return f"{settings.SITE_URL}{path}"


def site_link(name: str, *args: Any, **kwargs: Any) -> str:
    """The absolute address of a named page: reverse() under the site address."""
    return absolute_url(reverse(name, args=args or None, kwargs=kwargs or None))
