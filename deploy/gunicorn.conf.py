"""gunicorn's settings for the production web service (docker-compose.yml).

The proxy's address (--forwarded-allow-ips, from TRUSTED_PROXIES) is on the
command line; this file holds the rest, the start-up check that refuses a
web server clients could reach around the TLS proxy (fogdip/deployment.py),
and gunicorn's own logs as JSON when LOG_FORMAT=json (fogdip/logs.py).

The access log names each request by its method and path alone: a query
string can carry a secret put there by mistake (``?token=``), and so can the
Referer, a page address with its query; neither is written.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# The project's packages, whatever directory gunicorn was started from.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fogdip.env import env_str

# On a host, behind nginx or Caddy on the same host: loopback only. The
# compose file's web command adds --bind=0.0.0.0:8000 (the command line wins):
# there the proxy is another container, and only the compose network reaches
# the web container's port, which is never published.
bind = ["127.0.0.1:8000"]
workers = 3
accesslog = "-"
# gunicorn's default, with "%(r)s" (the request line, query and all) as method,
# path and protocol, and without the Referer ("%(f)s").
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(a)s"'

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
