"""The Celery application: settings come from Django's, prefixed CELERY_."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fogdip.settings")

app = Celery("fogdip")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
