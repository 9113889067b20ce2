"""Shared test helpers: whether the real services are configured.

Tests that need PostgreSQL or Redis skip on a laptop without them, and fail
instead of skipping when FOGDIP_REQUIRE_SERVICES is set (as CI sets it), so a
missing service can never pass silently there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings


def _need(what: str, available: bool) -> None:
    if available:
        return
    if os.environ.get("FOGDIP_REQUIRE_SERVICES"):
        pytest.fail(f"{what} is required (FOGDIP_REQUIRE_SERVICES is set) but not configured")
    pytest.skip(f"{what} is not configured")


def uses_postgres() -> bool:
    return str(settings.DATABASES["default"]["ENGINE"]).endswith("postgresql")


def uses_redis() -> bool:
    return bool(settings.CELERY_BROKER_URL.startswith("redis://"))


def confirmed_user(username: str, email: str, password: str | None = None) -> Any:
    """A person who signed up and followed the confirmation link, so game email
    goes out to them (accounts.verification)."""
    from django.contrib.auth import get_user_model

    from postoffice.actions import confirm_address

    user = get_user_model().objects.create_user(username, email, password)
    confirm_address(user, email)
    return user


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Rate-limit counters and kept pieces of pages never carry from one
    test into the next (a game's number may come again in the next test)."""
    from django.core.cache import caches

    caches["default"].clear()
    caches["pieces"].clear()


@pytest.fixture
def require_postgres() -> None:
    _need("PostgreSQL (DATABASE_URL=postgres://...)", uses_postgres())


@pytest.fixture
def require_redis() -> None:
    _need("Redis (CELERY_BROKER_URL=redis://...)", uses_redis())


@pytest.fixture(scope="session")
def in_thread_workers_let_go(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """For tests that run a Celery worker in a thread of this process (start_worker).

    Such a worker keeps its database connection between tasks, as a real one
    does (fogdip.celery), and its thread ends without closing it; on
    PostgreSQL that session would hold the test database open when it is
    dropped. At the end of the session, before the database goes, those
    sessions are ended."""
    yield
    if not uses_postgres():
        return
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
