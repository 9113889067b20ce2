"""The web container's health check: /health/ asked from inside, under a
host name the site answers to (Django refuses any other Host with 400)."""

from __future__ import annotations

import os
import sys
import urllib.request


def host_to_ask(allowed_hosts: str) -> str:
    """The first of ALLOWED_HOSTS as a Host header: ".example.org" allows
    example.org itself, and "*" any name."""
    first = allowed_hosts.split(",")[0].strip().lstrip(".")
    return "localhost" if first in ("", "*") else first


def main() -> int:
    host = host_to_ask(os.environ.get("ALLOWED_HOSTS", ""))
    request = urllib.request.Request("http://127.0.0.1:8000/health/", headers={"Host": host})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return 0 if answer.status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
