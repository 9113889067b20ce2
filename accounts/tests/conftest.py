"""The web tests' personas (games/tests/web/conftest.py), for the account's pages."""

from games.tests.web.conftest import eager_celery, fast_passwords, people

__all__ = ["eager_celery", "fast_passwords", "people"]
