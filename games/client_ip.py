"""The address a request came from, for sign-in throttling and rate limits.

Behind the TLS proxy (BEHIND_TLS_PROXY) a request that arrives from the proxy
(its address is in TRUSTED_PROXY_ADDRESSES) names its client as the address
the proxy appended last to X-Forwarded-For; the entries before it are
whatever the client chose to send and are not trusted. A request from any
other address skipped the proxy, and its own header is ignored: otherwise a
client reaching the web server directly would choose its own address and
escape every per-address limit.
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


def from_the_proxy(address: str | None) -> bool:
    if address is None or not settings.BEHIND_TLS_PROXY:
        return False
    ip = ipaddress.ip_address(address)
    return any(ip in ipaddress.ip_network(net) for net in settings.TRUSTED_PROXY_ADDRESSES)


def client_ip(request: HttpRequest) -> str | None:
    peer = valid_address(str(request.META.get("REMOTE_ADDR") or ""))
    if from_the_proxy(peer):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        return valid_address(forwarded.rsplit(",", 1)[-1]) or peer
    return peer
