"""A played game survives pg_dump and pg_restore into a fresh database, as
docs/operations.md describes, and verify_game proves it identical there."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from games.tests.emails.conftest import make_game
from tests.operations.played import play

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]


def libpq_args(name: str) -> list[str]:
    db = settings.DATABASES["default"]
    host, port, user = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432, db.get("USER")
    return ["-h", str(host), "-p", str(port), "-U", str(user or "postgres"), "-d", name]


@pytest.fixture
def fresh_database() -> Iterator[str]:
    name = f"{connection.settings_dict['NAME']}_restored"
    psql = ["psql", *libpq_args("postgres"), "-q", "-c"]
    subprocess.run([*psql, f'DROP DATABASE IF EXISTS "{name}"'], check=True)
    subprocess.run([*psql, f'CREATE DATABASE "{name}"'], check=True)
    yield name
    subprocess.run([*psql, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'], check=True)


def verify_in(database: str, game_id: int) -> subprocess.CompletedProcess[str]:
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{database}"
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    command = [sys.executable, "manage.py", "verify_game", str(game_id)]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.django_db(transaction=True)
def test_it_verifies_a_game_restored_from_a_dump(
    require_postgres, fresh_database, tmp_path
) -> None:
    game, _, _ = make_game("dc2005")
    play(game, phases=3, seed=11)
    dump = tmp_path / "fogdip.dump"
    source = connection.settings_dict["NAME"]
    subprocess.run(["pg_dump", "-Fc", "-f", str(dump), *libpq_args(source)], check=True)
    restore = ["pg_restore", "--no-owner", *libpq_args(fresh_database), str(dump)]
    subprocess.run(restore, check=True)
    result = verify_in(fresh_database, game.pk)
    assert result.returncode == 0, result.stderr
    assert f"Game {game.pk} verified: 3 phases replayed" in result.stdout
