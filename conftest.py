"""The fixtures every test shares, wherever it stands: the cross-cutting suites
in tests/ and each app's own in <app>/tests/ (tests/fixtures.py)."""

pytest_plugins = ["tests.fixtures"]
