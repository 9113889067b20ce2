"""gunicorn's settings for the production web service (docker-compose.yml).

The proxy's address (--forwarded-allow-ips, from TRUSTED_PROXIES) is on the
command line; this file holds the rest, the start-up check that refuses a
web server clients could reach around the TLS proxy (fogdip/deployment.py),
and gunicorn's own logs as JSON when LOG_FORMAT=json (fogdip/logs.py).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# The project's packages, whatever directory gunicorn was started from.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fogdip.env import env_str

# Inside the container, on the compose network: only the proxy reaches it.
bind = ["0.0.0.0:8000"]
workers = 3
accesslog = "-"

if env_str("LOG_FORMAT") == "json":
    logconfig_dict = {
        "formatters": {"json": {"()": "fogdip.logs.JsonFormatter"}},
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "json"},
            "access": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stdout",
            },
        },
        "loggers": {
            "gunicorn.error": {"handlers": ["console"], "level": "INFO", "propagate": False},
            "gunicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        },
    }


def on_starting(server: Any) -> None:
    from fogdip.deployment import DEFAULT_TRUSTED_PROXIES, gunicorn_problems
    from fogdip.env import env_bool, env_networks

    if not env_bool("BEHIND_TLS_PROXY"):
        return
    hosts = [address[0] for address in server.cfg.address if isinstance(address, tuple)]
    trusted = env_networks("TRUSTED_PROXIES", DEFAULT_TRUSTED_PROXIES)
    problems = gunicorn_problems(server.cfg.forwarded_allow_ips, hosts, trusted)
    if problems:
        raise SystemExit("BEHIND_TLS_PROXY is set, but " + "; ".join(problems))
