"""The Celery application: settings come from Django's, prefixed CELERY_."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import setup_logging, task_postrun, task_prerun

from fogdip.env import env_str

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fogdip.settings")

app = Celery("fogdip")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def keep_django_logging(**_: object) -> None:
    """The worker and beat log through Django's LOGGING, in JSON (fogdip.logs)."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


# With JSON logs, Celery must not put its own format on the root logger: a
# receiver of setup_logging tells it to leave logging alone. Plain logs keep
# Celery's own lines.
if env_str("LOG_FORMAT") == "json":
    setup_logging.connect(keep_django_logging)


@task_prerun.connect
@task_postrun.connect
def close_old_connections(sender: Any = None, **_: object) -> None:
    """Before and after each task, what Django does before and after each
    request: close a database connection past CONN_MAX_AGE, broken, or left
    in the middle of a transaction, and keep the rest.

    Celery's own Django fixup closes every connection around every task
    unless CELERY_DB_REUSE_MAX is set (settings set it), which cost each
    task a new PostgreSQL backend and its prepared statements
    (docs/performance-history.md, "Connections kept between tasks"). A task
    run eagerly runs inside its caller's transaction, and is left alone.
    """
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections as close_if_old

    close_if_old()
