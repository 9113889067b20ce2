"""Run the web server, a Celery worker and Celery beat together.

This is what `make run` starts on a laptop: one command, one terminal, and
Ctrl-C stops all three. Production runs them as separate services instead
(see docker-compose.yml).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from fogdip.queues import queue_names

POLL_SECONDS = 0.5
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
STOP_GRACE_SECONDS = 10


def service_commands(address: str) -> dict[str, list[str]]:
    python = sys.executable
    celery = [python, "-m", "celery", "-A", "fogdip"]
    queues = ",".join(queue_names(settings.FOGDIP_QUEUE_PREFIX))
    return {
        "web": [python, "manage.py", "runserver", address],
        # One process and one thread: SQLite and the filesystem broker want no more.
        "worker": [*celery, "worker", "--loglevel=INFO", "--pool=solo", f"--queues={queues}"],
        "beat": [*celery, "beat", "--loglevel=INFO"],
    }


def service_environment(address: str, environ: dict[str, str]) -> dict[str, str]:
    """The services' environment: with SITE_URL unset, the address served at,
    port included, so links in email lead back to this server."""
    if environ.get("SITE_URL"):
        return environ
    host, _, port = address.rpartition(":")
    if host in ("", "0.0.0.0", "[::]"):
        host = "127.0.0.1"
    return {**environ, "SITE_URL": f"http://{host}:{port}"}


class Command(BaseCommand):
    help = "Run the web server, a Celery worker and Celery beat until Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("address", nargs="?", default="127.0.0.1:8000")

    def handle(self, *args: Any, **options: Any) -> None:
        for stop_signal in STOP_SIGNALS:
            signal.signal(stop_signal, stop_on_signal)
        environment = service_environment(options["address"], dict(os.environ))
        processes = {
            # Each service in a session of its own, so stopping it reaches the
            # processes it starts too (the autoreloader's server, say).
            name: subprocess.Popen(command, start_new_session=True, env=environment)
            for name, command in service_commands(options["address"]).items()
        }
        self.stdout.write(f"FogDip is running at http://{options['address']}/ (Ctrl-C stops it)")
        try:
            self.wait_for_first_exit(processes)
        except KeyboardInterrupt:
            self.stdout.write("Stopping FogDip...")
        finally:
            stop_all(processes)

    def wait_for_first_exit(self, processes: dict[str, subprocess.Popen[bytes]]) -> None:
        while True:
            for name, process in processes.items():
                if process.poll() is not None:
                    self.stderr.write(f"{name} stopped with exit code {process.returncode}")
                    return
            time.sleep(POLL_SECONDS)


def stop_on_signal(signum: int, frame: object) -> None:
    """Ctrl-C, a closed terminal or SIGTERM: stop the services, then ourselves.

    Installed explicitly because a process started in the background inherits
    an ignored SIGINT, and Python keeps it ignored."""
    raise KeyboardInterrupt


def signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signum)


def stop_all(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    """SIGTERM each service's whole group (a warm shutdown for Celery), then
    SIGKILL whatever is still there after the grace period."""
    for process in processes.values():
        signal_group(process, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for process in processes.values():
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        signal_group(process, signal.SIGKILL)
