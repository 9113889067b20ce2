"""The address a request came from, for sign-in throttling and rate limits.

Behind the TLS proxy (BEHIND_TLS_PROXY) a request that comes from the proxy
(an address in TRUSTED_PROXIES) names its client in X-Forwarded-For: the
address the proxy appended last; the entries before it are whatever the
client chose to send and are not trusted. A request from anywhere else did not
come through the proxy, and its own X-Forwarded-For is ignored: a client that
goes around the proxy is known by the address it connects from, so it cannot
choose one and escape the per-address limits. Anything that is not an IP
address counts as unknown (None): django-axes stores addresses in an address
column, which refuses other text.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest


def valid_address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def from_trusted_proxy(meta: Mapping[str, Any]) -> bool:
    if not settings.BEHIND_TLS_PROXY:
        return False
    peer = valid_address(str(meta.get("REMOTE_ADDR") or ""))
    if peer is None:
        return False
    address = ipaddress.ip_address(peer)
    return any(address in network for network in settings.TRUSTED_PROXIES)


def client_ip(request: HttpRequest) -> str | None:
    if from_trusted_proxy(request.META):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = valid_address(forwarded.rsplit(",", 1)[-1])
        if last:
            return last
    return valid_address(str(request.META.get("REMOTE_ADDR") or ""))
