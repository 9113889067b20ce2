"""Times on every page in the signed-in person's own time zone."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.signed_in import related_or_none


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
