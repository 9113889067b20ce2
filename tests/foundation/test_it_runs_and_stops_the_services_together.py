"""`manage.py rundev` (what `make run` starts): web, worker and beat come up
together, and one Ctrl-C stops all of them, the processes they started included."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 60
STOP_SECONDS = 30

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def laptop_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    env.update(DEBUG="1", FOGDIP_DATA_DIR=str(data_dir), DJANGO_SETTINGS_MODULE="fogdip.settings")
    return env


def processes_using(data_dir: Path) -> list[int]:
    """Live processes whose environment names this test's data folder."""
    marker = f"FOGDIP_DATA_DIR={data_dir}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker in (entry / "environ").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def ignore_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def wait_for_health(port: int) -> dict[str, str]:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2) as answer:
                return dict(json.loads(answer.read()))
        except OSError:
            time.sleep(0.5)
    raise AssertionError("the web server did not answer")


def test_it_starts_web_worker_and_beat_and_stops_them_with_one_ctrl_c(tmp_path):
    env, port = laptop_env(tmp_path), free_port()
    manage = [sys.executable, "manage.py"]
    subprocess.run(
        [*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    # Started the way a shell starts a background job: with SIGINT ignored,
    # which Python would keep ignoring unless rundev says otherwise.
    runner = subprocess.Popen(
        [*manage, "rundev", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=ignore_ctrl_c,
    )
    try:
        assert wait_for_health(port) == {"status": "ok", "database": "ok", "broker": "ok"}
        assert len(processes_using(tmp_path)) >= 4  # rundev, web, worker, beat
        runner.send_signal(signal.SIGINT)
        runner.wait(timeout=STOP_SECONDS)
        deadline = time.monotonic() + STOP_SECONDS
        while processes_using(tmp_path) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert processes_using(tmp_path) == []
    finally:
        for pid in processes_using(tmp_path):
            os.kill(pid, signal.SIGKILL)
