"""Games played to year 1 and year 30, with deadlines adjudicated in place as
a worker would."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from fogdip.celery import app as celery_app


@pytest.fixture(autouse=True)
def eager_celery() -> Iterator[None]:
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
