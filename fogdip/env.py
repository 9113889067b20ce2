"""Read settings from environment variables, failing loudly on a bad value.

Every setting FogDip reads comes through these helpers, so a malformed value
stops start-up with a message that names the variable instead of surfacing
later as a confusing error deep inside a request.
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(name: str, items: list[str]) -> tuple[Network, ...]:
    """Addresses (``172.30.80.10``) or networks (``10.0.0.0/8``), one each item."""
    try:
        return tuple(ipaddress.ip_network(item, strict=False) for item in items)
    except ValueError:
        raise ImproperlyConfigured(
            f"{name} must list IP addresses or networks (10.0.0.0/8), not {items!r}"
        ) from None


def env_networks(name: str, default: list[str]) -> tuple[Network, ...]:
    return parse_networks(name, env_list(name, default))


@dataclass(frozen=True)
class DatabaseUrl:
    engine: str
    name: str
    user: str = ""
    password: str = ""
    host: str = ""
    port: str = ""
    options: tuple[tuple[str, str], ...] = ()


DB_ENGINES = {
    "sqlite": "django.db.backends.sqlite3",
    "postgres": "django.db.backends.postgresql",
    "postgresql": "django.db.backends.postgresql",
}


def parse_database_url(name: str, url: str) -> DatabaseUrl:
    """Parse `postgres://user:pass@host:5432/db` or `sqlite:///path/to/file`."""
    parts = urlsplit(url)
    engine = DB_ENGINES.get(parts.scheme)
    if engine is None:
        schemes = ", ".join(sorted(DB_ENGINES))
        raise ImproperlyConfigured(f"{name} must start with one of {schemes}: not {url!r}")
    if parts.scheme == "sqlite":
        return DatabaseUrl(engine=engine, name=_sqlite_path(name, parts.path))
    db_name = unquote(parts.path.lstrip("/"))
    if not db_name:
        raise ImproperlyConfigured(f"{name} names no database: {url!r}")
    return DatabaseUrl(
        engine=engine,
        name=db_name,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        host=parts.hostname or "",
        port=_port(name, parts),
        options=tuple(parse_qsl(parts.query)),
    )


def _sqlite_path(name: str, path: str) -> str:
    if path in ("", "/"):
        raise ImproperlyConfigured(f"{name} names no SQLite file (sqlite:///path/to/file)")
    # sqlite:///relative.db keeps the path relative; sqlite:////abs.db is absolute.
    return path[1:] if path.startswith("/") else path


def _port(name: str, parts: object) -> str:
    try:
        port = parts.port  # type: ignore[attr-defined]
    except ValueError:
        raise ImproperlyConfigured(f"{name} has a port that is not a number") from None
    return str(port) if port else ""


PREPARE_AFTER = 5  # psycopg's own default, which Django's backend turns off


def database_setting(name: str, default_url: str) -> dict[str, object]:
    url = parse_database_url(name, env_str(name) or default_url)
    setting: dict[str, object] = {
        "ENGINE": url.engine,
        "NAME": url.name,
        "USER": url.user,
        "PASSWORD": url.password,
        "HOST": url.host,
        "PORT": url.port,
        "OPTIONS": dict(url.options),
    }
    if url.engine.endswith("sqlite3"):
        Path(url.name).parent.mkdir(parents=True, exist_ok=True)
        # Web, worker and beat share one file: wait for locks instead of failing,
        # and take the write lock up front so transactions never deadlock.
        setting["OPTIONS"] = {"timeout": 30, "transaction_mode": "IMMEDIATE"}
    else:
        setting["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 60)
        setting["CONN_HEALTH_CHECKS"] = True
        # Parameters sent apart from the SQL, and a statement a connection
        # has run PREPARE_AFTER times prepared, so PostgreSQL stops parsing
        # and planning it again (docs/performance-history.md, "Statements
        # bound by the server" and "Statements prepared"; Django leaves
        # preparing off unless told). Both off (false) for a pooler that
        # cannot keep prepared statements, such as PgBouncer before 1.21 in
        # transaction mode.
        binding = env_bool("DATABASE_SERVER_SIDE_BINDING", True)
        prepared = {"prepare_threshold": PREPARE_AFTER} if binding else {}
        setting["OPTIONS"] = {"server_side_binding": binding, **prepared, **dict(url.options)}
    return setting


PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int


def env_rate(name: str, default: str) -> Rate:
    """``"5/h"``: five per hour; the period is s, m, h or d."""
    raw = env_str(name) or default
    count, _, period = raw.replace(" ", "").partition("/")
    if not count.isdigit() or int(count) < 1 or period not in PERIODS:
        raise ImproperlyConfigured(
            f"{name} must read like 5/h (a count per s, m, h or d), not {raw!r}"
        )
    return Rate(int(count), PERIODS[period])


def cache_setting(name: str, default_folder: Path) -> dict[str, object]:
    """``redis://host:6379/1`` for Redis; nothing for files in ``default_folder``."""
    url = env_str(name)
    if not url:
        return {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(default_folder),
        }
    if not url.startswith(("redis://", "rediss://")):
        raise ImproperlyConfigured(f"{name} must start with redis:// or rediss://, not {url!r}")
    return {"BACKEND": "fogdip.cache.KeptClientRedisCache", "LOCATION": url}
