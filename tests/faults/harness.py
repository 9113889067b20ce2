"""Real Celery worker processes for the fault tests, and what the tests ask of them.

Each worker is `celery -A fogdip worker` in its own process group, on the
test's own queue, with the test's database and broker and the fault points of
tests.faults.worker_settings. Tasks reach it only through the broker.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection

from fogdip.celery import app

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 60


def database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    return f"postgres://{db['USER']}{password}@{host}:{port}/{db['NAME']}"


@dataclass
class Faults:
    """One test's queue and fault directory, and the figures it counts."""

    directory: Path
    queue: str = field(default_factory=lambda: f"faults-{uuid.uuid4().hex[:12]}")
    workers: list[Worker] = field(default_factory=list)
    figures: dict[str, int] = field(default_factory=dict)

    def count(self, name: str, amount: int = 1) -> None:
        self.figures[name] = self.figures.get(name, 0) + amount

    def start_worker(self, pause: str = "", provider: str = "") -> Worker:
        worker = Worker(self, pause, provider)
        self.workers.append(worker)
        self.count("workers started")
        return worker

    def send(self, task: str, *args: Any) -> None:
        app.send_task(task, args=args, queue=self.queue)
        self.count("tasks sent")

    def wait_for_file(self, name: str) -> str:
        path = self.directory / name
        wait_until(path.exists, f"{name} to appear")
        return path.read_text()

    def resume(self, point: str) -> None:
        (self.directory / f"resume-{point}").write_text("go")

    def stop_all(self) -> None:
        for worker in self.workers:
            worker.stop()
        with app.connection_for_write() as conn:
            conn.default_channel.queue_purge(self.queue)  # type: ignore[attr-defined]


class Worker:
    def __init__(self, faults: Faults, pause: str, provider: str) -> None:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.faults.worker_settings",
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "FOGDIP_FAULT_DIR": str(faults.directory),
            "FOGDIP_FAULT_QUEUE": faults.queue,
            "FOGDIP_FAULT_PAUSE": pause,
            "FOGDIP_FAULT_PROVIDER": provider,
        }
        command = [sys.executable, "-m", "celery", "-A", "fogdip", "worker", "--pool", "solo"]
        command += ["-Q", faults.queue, "-n", f"{faults.queue}-{len(faults.workers)}@%h"]
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "WARNING"]
        log = (faults.directory / f"worker-{len(faults.workers)}.log").open("w")
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.faults = faults

    def kill(self) -> None:
        """SIGKILL: no cleanup, no acknowledgement, the transaction cut off."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=WAIT_SECONDS)
        self.faults.count("workers killed")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def wait_until(condition: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"waited {WAIT_SECONDS}s for {what}")


def let_time_pass(model: Any, field_name: str, minutes: int = 11, **filters: Any) -> int:
    """Move a claim or retry time into the past, as if the minutes had gone by."""
    from django.db.models import F

    rows = model.objects.filter(**filters)
    return int(rows.update(**{field_name: F(field_name) - timedelta(minutes=minutes)}))
