"""Show every time in the signed-in person's own time zone; believe the
proxy's forwarded headers only from the proxy."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from games.client_ip import from_trusted_proxy
from games.signed_in import related_or_none

# What a proxy says about the client: its address, its scheme, the host it asked for.
FORWARDED_HEADERS = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
    "HTTP_FORWARDED",
)


class ForwardedHeadersMiddleware:
    """Removes the forwarded headers from every request that did not come
    from a trusted proxy, before anything reads them: a client that reaches
    the web server directly cannot claim https (SECURE_PROXY_SSL_HEADER) or
    another address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not from_trusted_proxy(request.META):
            for header in FORWARDED_HEADERS:
                request.META.pop(header, None)
        return self.get_response(request)


class TimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.activate(zoneinfo.ZoneInfo(user_time_zone(request)))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def user_time_zone(request: HttpRequest) -> str:
    if not request.user.is_authenticated:
        return "UTC"
    profile = related_or_none(request.user, "profile")
    return profile.time_zone if profile else "UTC"
