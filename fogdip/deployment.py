"""Start-up checks: a production site that would silently lose its email, and
one behind the TLS proxy that could be reached around it.

With DEBUG off, the email backend must be chosen (EMAIL_BACKEND): left out,
Django's settings would fall back to writing every message to files under
the data directory, and nobody would ever receive one.

Behind the proxy (BEHIND_TLS_PROXY) the client's address comes from the
proxy's X-Forwarded-For, believed only from TRUSTED_PROXIES
(common.client_ip). A client that reaches the web server without the proxy
could otherwise choose its own address and escape every per-address limit.
Where the process can tell that this is possible, it refuses to start: the
settings when every address is trusted, gunicorn (deploy/gunicorn.conf.py)
when it believes forwarded headers from anyone, from an address Django does
not trust, or listens on a public address of its own.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from fogdip.env import Network

# A proxy on the same host: nginx or Caddy in front of gunicorn on loopback.
DEFAULT_TRUSTED_PROXIES = ["127.0.0.1", "::1"]


def email_problems(debug: bool, chosen: str) -> list[str]:
    """What in the email settings would lose every message in production."""
    if debug or chosen:
        return []
    return [
        "EMAIL_BACKEND is not set and DEBUG is off: name the backend that sends "
        "the site's email (smtp, or a provider such as mailgun; file only on purpose)"
    ]


def trust_problems(trusted: Iterable[Network]) -> list[str]:
    networks = list(trusted)
    if not networks:
        return ["TRUSTED_PROXIES is empty: name the TLS proxy's address"]
    return [
        f"TRUSTED_PROXIES includes {network}, every address: any client could "
        "choose its own address with X-Forwarded-For"
        for network in networks
        if network.prefixlen == 0
    ]


def gunicorn_problems(
    forwarded_allow_ips: Iterable[str], hosts: Iterable[str], trusted: Iterable[Network]
) -> list[str]:
    """What in gunicorn's own settings lets a client go around the proxy."""
    networks = list(trusted)
    problems = trust_problems(networks)
    for item in forwarded_allow_ips:
        if item == "*":
            problems.append("gunicorn's --forwarded-allow-ips is *: it believes every client")
        elif not any(ipaddress.ip_address(item) in network for network in networks):
            problems.append(
                f"gunicorn's --forwarded-allow-ips names {item}, which TRUSTED_PROXIES "
                "does not: the two must name the same proxy"
            )
    problems += [
        f"gunicorn listens on {host}, a public address: clients reach it without the proxy"
        for host in hosts
        if is_public(host)
    ]
    return problems


def is_public(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_global
    except ValueError:
        return False
