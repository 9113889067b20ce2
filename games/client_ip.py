"""The address a request came from, for sign-in throttling and rate limits.

Behind the TLS proxy (BEHIND_TLS_PROXY) every request arrives from the proxy,
so the client is the address the proxy appended last to X-Forwarded-For; the
entries before it are whatever the client chose to send and are not trusted.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return str(request.META.get("REMOTE_ADDR") or "unknown")
