"""`manage.py check --deploy` is clean in the production configuration (DEBUG
off, a real SECRET_KEY, an https SITE_URL, after collectstatic), and HSTS and
the https redirect follow SITE_URL by default."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Set by the test run itself (the browser tests set the second), never in production.
TEST_ONLY = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}


def production_env(tmp_path: Path, **overrides: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ANYMAIL_", "SECURE_", "RATE_LIMIT_")) and k not in TEST_ONLY
    }
    env.update(
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        SITE_URL="https://fogdip.example.org",
        ALLOWED_HOSTS="fogdip.example.org",
        FOGDIP_DATA_DIR=str(tmp_path / "data"),
        STATIC_ROOT=str(tmp_path / "static"),
        EMAIL_BACKEND="file",
    )
    env.update(overrides)
    return env


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "manage.py", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)


def test_check_deploy_is_clean_in_production(tmp_path):
    env = production_env(tmp_path)
    collected = manage(env, "collectstatic", "--noinput")
    assert collected.returncode == 0, collected.stderr
    checked = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "no issues" in checked.stdout


def test_check_deploy_would_fail_without_https(tmp_path):
    """The same check, on a plain-http site: it does find something to say."""
    env = production_env(tmp_path, SITE_URL="http://fogdip.example.org")
    checked = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert checked.returncode != 0
    assert "security.W004" in checked.stderr and "security.W008" in checked.stderr


def security_settings(env: dict[str, str]) -> list[str]:
    script = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE)"
    )
    env = {**env, "DJANGO_SETTINGS_MODULE": "fogdip.settings"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_hsts_and_the_redirect_default_on_with_an_https_site(tmp_path):
    assert security_settings(production_env(tmp_path)) == ["31536000", "True", "True"]
    plain = production_env(tmp_path, SITE_URL="http://127.0.0.1:8000")
    assert security_settings(plain) == ["0", "False", "False"]
    chosen = production_env(tmp_path, SECURE_SSL_REDIRECT="false", SECURE_HSTS_SECONDS="60")
    assert security_settings(chosen) == ["60", "False", "True"]
