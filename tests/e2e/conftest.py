"""A real headless browser (Debian's chromium) driven by Playwright.

Skips when /usr/bin/chromium is missing, unless FOGDIP_REQUIRE_SERVICES is
set, as CI sets it: then a missing browser fails the run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from fogdip.celery import app as celery_app

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(autouse=True)
def eager_celery() -> Iterator[None]:
    """The deadline sweep hands each phase to a task; here it runs at once, as a worker would."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture(autouse=True)
def site_at_the_live_server(request: pytest.FixtureRequest, settings: Any) -> None:
    """Links the site writes (join links, email) follow SITE_URL, as in a
    deployment, where it is the address the site is served at."""
    if "live_server" in request.fixturenames:
        settings.SITE_URL = request.getfixturevalue("live_server").url


@pytest.fixture
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("FOGDIP_REQUIRE_SERVICES"):
            pytest.fail(f"{CHROMIUM} is required (FOGDIP_REQUIRE_SERVICES is set)")
        pytest.skip(f"{CHROMIUM} is not installed")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
        # While Playwright's event loop runs, Django keeps the test's database
        # connection per context; close it here, or it outlives the test and
        # PostgreSQL refuses to drop the test database.
        connections.close_all()
