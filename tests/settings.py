"""Settings for the test run: production settings with test-only defaults.

Tests run with DEBUG off, as production does, so they need a secret key;
email goes to Django's in-memory outbox unless a test says otherwise. Every
other value still comes from the environment, so `make test` runs against
PostgreSQL and Redis when DATABASE_URL and CELERY_BROKER_URL are set.
"""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production")
os.environ.setdefault("EMAIL_BACKEND", "memory")

from fogdip.queues import declared_queues, task_routes
from fogdip.settings import *  # noqa: F403

# Production serves hashed static files after collectstatic; tests render pages
# without running it, so they use plain static file names.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Under pytest-xdist each worker has its own test database (pytest-django adds
# the worker's name); it gets its own Celery queue too, so a worker started by
# one test never runs a task that another test process queued.
if os.environ.get("PYTEST_XDIST_WORKER"):
    CELERY_TASK_DEFAULT_QUEUE = f"fogdip-test-{os.environ['PYTEST_XDIST_WORKER']}"
    FOGDIP_QUEUE_PREFIX = f"{CELERY_TASK_DEFAULT_QUEUE}-"
    CELERY_TASK_ROUTES = task_routes(FOGDIP_QUEUE_PREFIX)
    CELERY_TASK_QUEUES = declared_queues(FOGDIP_QUEUE_PREFIX)

# Each test process counts rate limits in its own memory; tests/fixtures.py
# empties it before every test.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pieces": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "pieces"},
}

# Stored map pictures go to a directory of this run's own, not the project's data.
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="fogdip-test-media-"))

# /metrics/ exists in tests, so the access matrix shows that no session opens it.
METRICS_TOKEN = "test-metrics-token"
