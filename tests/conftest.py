"""Shared test helpers: whether the real services are configured.

Tests that need PostgreSQL or Redis skip on a laptop without them, and fail
instead of skipping when FOGDIP_REQUIRE_SERVICES is set (as CI sets it), so a
missing service can never pass silently there.
"""

from __future__ import annotations

import os
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
    goes out to them (games.mail.verification)."""
    from django.contrib.auth import get_user_model

    from games.mail.actions import confirm_address

    user = get_user_model().objects.create_user(username, email, password)
    confirm_address(user, email)
    return user


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Rate-limit counters never carry from one test into the next."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def require_postgres() -> None:
    _need("PostgreSQL (DATABASE_URL=postgres://...)", uses_postgres())


@pytest.fixture
def require_redis() -> None:
    _need("Redis (CELERY_BROKER_URL=redis://...)", uses_redis())
