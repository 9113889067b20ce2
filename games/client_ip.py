"""The address a request came from, for sign-in throttling and rate limits.

Behind the TLS proxy (BEHIND_TLS_PROXY) every request arrives from the proxy,
so the client is the address the proxy appended last to X-Forwarded-For; the
entries before it are whatever the client chose to send and are not trusted.
Anything that is not an IP address counts as unknown (None): django-axes
stores addresses in an address column, which refuses other text.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def valid_address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str | None:
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = valid_address(forwarded.rsplit(",", 1)[-1])
        if last:
            return last
    return valid_address(str(request.META.get("REMOTE_ADDR") or ""))
