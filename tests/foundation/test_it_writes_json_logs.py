"""LOG_FORMAT=json: one JSON object a line from Django, gunicorn and Celery;
plain stays lines for a person."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from celery import shared_task

from fogdip.logs import JsonFormatter

ROOT = Path(__file__).resolve().parents[2]


def run(code: str, **variables: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "fogdip.settings", **variables}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )


def formatted(record: logging.LogRecord) -> dict:
    return json.loads(JsonFormatter().format(record))


def test_a_record_becomes_one_json_object_with_its_extras_and_traceback() -> None:
    try:
        raise ValueError("no such phase")
    except ValueError:
        record = logging.getLogger("games.x").makeRecord(
            "games.x",
            logging.ERROR,
            "x.py",
            1,
            "phase %s failed",
            (7,),
            sys.exc_info(),
            extra={"phase": 7},
        )
    entry = formatted(record)
    assert entry["level"] == "ERROR"
    assert entry["logger"] == "games.x"
    assert entry["message"] == "phase 7 failed"
    assert entry["phase"] == 7
    assert "ValueError: no such phase" in entry["exception"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", entry["time"])


@shared_task(name="tests.foundation.log_something")
def log_something() -> str:
    record = logging.getLogger("games.y").makeRecord(
        "games.y", logging.INFO, "y.py", 1, "hi", (), None
    )
    return JsonFormatter().format(record)


def test_inside_a_task_it_names_the_task() -> None:
    # .result, not .get(): a test before this one in the same process may have
    # run a real worker, after which Celery refuses get() as if inside a task.
    result = log_something.apply(task_id="task-1")
    assert result.successful()
    entry = json.loads(str(result.result))
    assert entry["task"] == "tests.foundation.log_something"
    assert entry["task_id"] == "task-1"


def test_gunicorns_access_log_gets_fields_of_its_own() -> None:
    atoms = {
        "m": "GET",
        "U": "/health/",
        "s": "200",
        "D": 1234,
        "{x-forwarded-for}i": "1.2.3.4, 198.51.100.2",
    }
    record = logging.LogRecord(
        "gunicorn.access", logging.INFO, "", 0, "%(m)s %(U)s", (atoms,), None
    )
    entry = formatted(record)
    assert entry["message"] == "GET /health/"
    assert (entry["method"], entry["path"], entry["status"]) == ("GET", "/health/", "200")
    assert entry["client"] == "198.51.100.2"


LOG = (
    "import django, logging; django.setup(); logging.getLogger('games.z').warning('deadline %s', 3)"
)


def test_django_logs_json_when_asked(tmp_path) -> None:
    result = run(LOG, LOG_FORMAT="json", FOGDIP_DATA_DIR=str(tmp_path))
    lines = [json.loads(line) for line in result.stderr.splitlines()]
    assert {"logger": "games.z", "message": "deadline 3", "level": "WARNING"}.items() <= lines[
        -1
    ].items()


def test_plain_logs_stay_plain(tmp_path) -> None:
    result = run(LOG, LOG_FORMAT="plain", FOGDIP_DATA_DIR=str(tmp_path))
    assert result.stderr.strip().endswith("WARNING games.z: deadline 3")


def test_it_names_a_format_it_does_not_know(tmp_path) -> None:
    result = run("import django; django.setup()", LOG_FORMAT="xml", FOGDIP_DATA_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "LOG_FORMAT must be plain or json, not 'xml'" in result.stderr


CELERY_LOG = (
    "import django, logging; django.setup(); from fogdip.celery import app; "
    "app.log.setup(loglevel='INFO'); logging.getLogger('celery.app.trace').info('Task t succeeded')"
)


@pytest.mark.parametrize("log_format", ["json", "plain"])
def test_the_worker_logs_json_when_asked(tmp_path, log_format) -> None:
    result = run(CELERY_LOG, LOG_FORMAT=log_format, FOGDIP_DATA_DIR=str(tmp_path))
    last = result.stderr.strip().splitlines()[-1]
    if log_format == "json":
        assert json.loads(last)["message"] == "Task t succeeded"
    else:
        assert last.startswith("[") and last.endswith("Task t succeeded")  # Celery's own lines


SECRET_QUERY = "token=fogdip_mistaken-secret"


@pytest.mark.parametrize("log_format", ["json", "plain"])
def test_gunicorns_access_log_keeps_no_query_string(tmp_path, log_format) -> None:
    """A secret put in a query string by mistake (``?token=``), or in a page
    address sent as the Referer, is never written to the access log."""
    env = {**os.environ, "LOG_FORMAT": log_format, "FOGDIP_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "gunicorn", "fogdip.wsgi:application"]
    command += ["-c", "deploy/gunicorn.conf.py", "--bind", "127.0.0.1:0", "--workers", "1"]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert server.stdout and server.stderr
    try:
        port = listening_port(server.stderr, log_format)
        referer = f"http://127.0.0.1:{port}/games/?{SECRET_QUERY}"
        ask(f"http://127.0.0.1:{port}/health/?{SECRET_QUERY}", {"Referer": referer})
        line = server.stdout.readline()
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert "/health/" in line
    assert "mistaken-secret" not in line and "token=" not in line
    if log_format == "json":
        access = json.loads(line)
        assert access["logger"] == "gunicorn.access"
        assert (access["method"], access["path"]) == ("GET", "/health/")


def listening_port(stderr: Any, log_format: str) -> str:
    """The port gunicorn chose, from its "Listening at" line."""
    for _ in range(20):
        line = stderr.readline()
        if log_format == "json":
            entry = json.loads(line)
            assert entry["logger"] == "gunicorn.error"
            line = entry["message"]
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if found:
            return found.group(1)
    raise AssertionError("gunicorn never said where it listens")


def ask(url: str, headers: dict[str, str] | None = None) -> None:
    """Any answer will do (a host not allowed is a 400): the access log has a line."""
    for _ in range(100):
        try:
            urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10)
            return
        except urllib.error.HTTPError:
            return
        except urllib.error.URLError:
            time.sleep(0.1)
