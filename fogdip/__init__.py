"""FogDip: fog-of-war Diplomacy by email and on the web."""

from fogdip.celery import app as celery_app

__all__ = ["celery_app"]
