"""Settings come only from the environment, and a bad value names itself."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from fogdip.env import database_setting, env_bool, env_int, parse_database_url

ROOT = Path(__file__).resolve().parents[2]


def start_django(**variables: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in variables}
    env.update({"DJANGO_SETTINGS_MODULE": "fogdip.settings", **variables})
    env = {k: v for k, v in env.items() if v != "<unset>"}
    code = "import django; django.setup()"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_it_refuses_to_start_without_a_secret_when_debug_is_off(tmp_path):
    result = start_django(SECRET_KEY="<unset>", DEBUG="false", FOGDIP_DATA_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_it_refuses_to_start_without_an_email_backend_when_debug_is_off(tmp_path):
    """Production would otherwise write every email to files, silently."""
    result = start_django(EMAIL_BACKEND="<unset>", DEBUG="false", FOGDIP_DATA_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "EMAIL_BACKEND" in result.stderr.splitlines()[-1]
    empty = start_django(EMAIL_BACKEND=" ", DEBUG="false", FOGDIP_DATA_DIR=str(tmp_path))
    assert empty.returncode != 0
    chosen = start_django(EMAIL_BACKEND="file", DEBUG="false", FOGDIP_DATA_DIR=str(tmp_path))
    assert chosen.returncode == 0, chosen.stderr


def test_it_starts_with_embedded_defaults_in_debug(tmp_path):
    result = start_django(
        SECRET_KEY="<unset>",
        DEBUG="true",
        DATABASE_URL="<unset>",
        CELERY_BROKER_URL="<unset>",
        EMAIL_BACKEND="<unset>",
        FOGDIP_DATA_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr


def test_its_default_broker_is_a_sqlite_file_under_the_data_folder(tmp_path):
    code = (
        "import django; django.setup(); from fogdip.metrics.gauges import count_queued; "
        "print(sorted(count_queued().items()))"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL",)}
    env.update(DJANGO_SETTINGS_MODULE="fogdip.settings", DEBUG="true")
    env.update(FOGDIP_DATA_DIR=str(tmp_path), SECRET_KEY="x" * 50)
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "('mail', 0)" in result.stdout
    assert (tmp_path / "broker.sqlite3").is_file()


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DEBUG", "maybe"),
        ("DATABASE_URL", "mysql://x@y/z"),
        ("DATABASE_URL", "postgres://u@h:notaport/db"),
        ("EMAIL_BACKEND", "carrier-pigeon"),
        ("EMAIL_PORT", "twenty-five"),
        ("SWEEP_INTERVAL_SECONDS", "soon"),
        ("DEADLINE_SWEEP_SECONDS", "often"),
    ],
)
def test_it_names_the_variable_that_is_malformed(tmp_path, variable, value):
    result = start_django(**{variable: value, "FOGDIP_DATA_DIR": str(tmp_path)})
    assert result.returncode != 0
    assert variable in result.stderr.splitlines()[-1]


def test_it_parses_a_postgres_url():
    url = parse_database_url("DATABASE_URL", "postgres://ann:p%40ss@db.example:6543/fog")
    assert (url.user, url.password, url.host, url.port, url.name) == (
        "ann",
        "p@ss",
        "db.example",
        "6543",
        "fog",
    )


def test_postgresql_prepares_repeated_statements_unless_told_not_to(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://ann@db.example/fog")
    assert database_setting("DATABASE_URL", "")["OPTIONS"] == {
        "server_side_binding": True,
        "prepare_threshold": 5,
    }
    monkeypatch.setenv("DATABASE_SERVER_SIDE_BINDING", "false")
    assert database_setting("DATABASE_URL", "")["OPTIONS"] == {"server_side_binding": False}


def test_it_makes_the_sqlite_folder(tmp_path, monkeypatch):
    target = tmp_path / "deep" / "fog.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{target}")
    setting = database_setting("DATABASE_URL", "sqlite:///unused")
    assert setting["NAME"] == str(target)
    assert target.parent.is_dir()


def test_it_rejects_a_url_without_a_database_name():
    with pytest.raises(ImproperlyConfigured, match="names no database"):
        parse_database_url("DATABASE_URL", "postgres://u@h:5432/")


def test_it_reads_booleans_and_numbers(monkeypatch):
    monkeypatch.setenv("X_FLAG", "Yes")
    monkeypatch.setenv("X_NUMBER", "42")
    assert env_bool("X_FLAG") is True
    assert env_int("X_NUMBER", 0) == 42
    assert env_int("X_MISSING", 7) == 7
