"""Celery beat and one prefork worker, as real processes, as docker-compose runs them.

Each runs in its own process group with bench.burst.worker_settings, the
given database, broker and shared cache, email written to files, and its own data
directory (map pictures, mail, beat's schedule), so no run reuses another's
drawings.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from fogdip.queues import queue_names

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Burst:
    """Where one run keeps its files, and how its processes are told apart."""

    directory: Path
    database_url: str
    broker_url: str
    concurrency: int = 2
    sweep_seconds: int = 10
    queue_prefix: str = ""
    deadline_sweep_seconds: int = 10
    # The shared cache (CACHE_URL): Redis, as docker-compose gives the worker;
    # empty for files in the run's own data directory.
    cache_url: str = ""
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def stages(self) -> Path:
        return self.directory / "stages"

    @property
    def mail(self) -> Path:
        return self.directory / "data" / "mail"

    def environment(self) -> dict[str, str]:
        self.stages.mkdir(parents=True, exist_ok=True)
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.burst.worker_settings",
            "SECRET_KEY": os.environ.get("SECRET_KEY", "burst-bench-secret-not-for-production"),
            "DATABASE_URL": self.database_url,
            "CELERY_BROKER_URL": self.broker_url,
            "EMAIL_BACKEND": "file",
            "FOGDIP_DATA_DIR": str(self.directory / "data"),
            "FOGDIP_BURST_STAGES": str(self.stages),
            "FOGDIP_BURST_QUEUE_PREFIX": self.queue_prefix,
            "SWEEP_INTERVAL_SECONDS": str(self.sweep_seconds),
            "DEADLINE_SWEEP_SECONDS": str(self.deadline_sweep_seconds),
            "LOG_LEVEL": "WARNING",
            "CACHE_URL": self.cache_url,
        }

    def start(self) -> None:
        queues = ",".join(queue_names(self.queue_prefix))
        worker = ["worker", f"--concurrency={self.concurrency}", f"--queues={queues}"]
        worker += ["-n", f"burst-{os.getpid()}-{self.concurrency}@%h", "--without-gossip"]
        worker += ["--without-mingle", "-l", "WARNING"]
        beat = ["beat", "-l", "INFO", f"--schedule={self.directory / 'celerybeat-schedule'}"]
        for name, arguments in (("worker", worker), ("beat", beat)):
            self._spawn(name, [sys.executable, "-m", "celery", "-A", "fogdip", *arguments])

    def _spawn(self, name: str, command: list[str]) -> None:
        log = (self.directory / f"{name}.log").open("w")
        self.processes.append(
            subprocess.Popen(
                command,
                cwd=ROOT,
                env=self.environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )

    def wait_until_ready(self, timeout: float = 120) -> None:
        """The worker has said it is ready (bench.burst.worker_settings writes
        ``ready`` into the stages directory) and beat has started."""
        deadline = time.monotonic() + timeout
        ready = self.stages / "ready"
        while time.monotonic() < deadline:
            if ready.exists():
                return
            if any(process.poll() is not None for process in self.processes):
                raise RuntimeError(f"a burst process exited; see {self.directory}")
            time.sleep(0.2)
        raise RuntimeError(f"the worker was not ready after {timeout} s; see {self.directory}")

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
