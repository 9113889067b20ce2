"""The web personas (games/tests/web/conftest.py) serve the spectator and replay tests:
the stranger is the spectator, a signed-in person with no part in the game."""

from games.tests.web.conftest import eager_celery, fast_passwords, people

__all__ = ["eager_celery", "fast_passwords", "people"]
