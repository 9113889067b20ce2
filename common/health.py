"""The health endpoint: is the database answering, is the broker reachable?

Load balancers and docker-compose call it; it reports each dependency by name
and answers 503 when any is down, so the failing part is obvious.
"""

from __future__ import annotations

from collections.abc import Callable

from celery import current_app
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

BROKER_TIMEOUT_SECONDS = 3


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def check_broker() -> str:
    # The project's Celery app is the current one (fogdip/__init__ makes it on
    # start-up); reaching it this way keeps games free of the project package.
    with current_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    return "ok"


CHECKS: dict[str, Callable[[], str]] = {"database": check_database, "broker": check_broker}


def run_check(check: Callable[[], str]) -> str:
    try:
        return check()
    except Exception as exc:  # a health check reports every failure, it never raises
        return f"error: {type(exc).__name__}: {exc}"


@never_cache
def health(request: HttpRequest) -> JsonResponse:
    results = {name: run_check(check) for name, check in CHECKS.items()}
    healthy = all(value == "ok" for value in results.values())
    body = {"status": "ok" if healthy else "error", **results}
    return JsonResponse(body, status=200 if healthy else 503)
