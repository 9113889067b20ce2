"""A started game whose mail the post office sends (games/tests/emails/conftest.py):
the post office knows no game, so its tests borrow one."""

from games.tests.emails.conftest import eager_celery, first_phase, started_game

__all__ = ["eager_celery", "first_phase", "started_game"]
