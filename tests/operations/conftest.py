"""Played games for the operations tests: deadlines adjudicated as a worker would."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fogdip.celery import app as celery_app


@pytest.fixture(autouse=True)
def eager_celery() -> Iterator[None]:
    """The deadline sweep hands each phase to a task; here it runs at once, as a worker would."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False
