"""Run the web server, a Celery worker and Celery beat together.

This is what `make run` starts on a laptop: one command, one terminal, and
Ctrl-C stops all three. A service that stops by itself (a crashed worker) is
started again, and the others run on; one that keeps stopping (five times in
a minute) stops the demo, with its exit code. Production runs them as
separate services instead (see docker-compose.yml), restarted by Docker.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from fogdip.queues import queue_names

POLL_SECONDS = 0.5
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
STOP_GRACE_SECONDS = 10
MOST_RESTARTS = 5
RESTART_WINDOW_SECONDS = 60.0


def service_commands(address: str) -> dict[str, list[str]]:
    python = sys.executable
    celery = [python, "-m", "celery", "-A", "fogdip"]
    queues = ",".join(queue_names(settings.FOGDIP_QUEUE_PREFIX))
    return {
        "web": [python, "manage.py", "runserver", address],
        # One process and one thread: SQLite wants no more.
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
        commands = service_commands(options["address"])
        supervisor = Supervisor(lambda name: start(commands[name], environment), self.stderr.write)
        supervisor.start_all(list(commands))
        self.stdout.write(f"FogDip is running at http://{options['address']}/ (Ctrl-C stops it)")
        try:
            while supervisor.keep_running(time.monotonic()):
                time.sleep(POLL_SECONDS)
        except KeyboardInterrupt:
            self.stdout.write("Stopping FogDip...")
        finally:
            stop_all(supervisor.processes)


def start(command: list[str], environment: dict[str, str]) -> subprocess.Popen[bytes]:
    # Each service in a session of its own, so stopping it reaches the
    # processes it starts too (the autoreloader's server, say).
    return subprocess.Popen(command, start_new_session=True, env=environment)


class Supervisor:
    """The services, each started again when it stops by itself, unless it
    stopped MOST_RESTARTS times within RESTART_WINDOW_SECONDS."""

    def __init__(self, start: Callable[[str], Any], say: Callable[[str], Any]) -> None:
        self.start, self.say = start, say
        self.processes: dict[str, Any] = {}
        self.stops: dict[str, list[float]] = {}

    def start_all(self, names: list[str]) -> None:
        self.processes = {name: self.start(name) for name in names}

    def keep_running(self, now: float) -> bool:
        """Restart every service found stopped; False when one keeps stopping."""
        for name, process in list(self.processes.items()):
            if process.poll() is None:
                continue
            recent = [t for t in self.stops.get(name, []) if now - t < RESTART_WINDOW_SECONDS]
            self.stops[name] = [*recent, now]
            if len(self.stops[name]) > MOST_RESTARTS:
                self.say(f"{name} stopped with exit code {process.returncode}, again: stopping")
                return False
            self.say(f"{name} stopped with exit code {process.returncode}; starting it again")
            signal_group(process, signal.SIGKILL)  # whatever it started goes with it
            self.processes[name] = self.start(name)
        return True


def stop_on_signal(signum: int, frame: object) -> None:
    """Ctrl-C, a closed terminal or SIGTERM: stop the services, then ourselves.

    Installed explicitly because a process started in the background inherits
    an ignored SIGINT, and Python keeps it ignored."""
    raise KeyboardInterrupt


def signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signum)


def stop_all(processes: dict[str, Any]) -> None:
    """SIGTERM each service's whole group (a warm shutdown for Celery), then
    SIGKILL whatever is still there after the grace period."""
    for process in processes.values():
        signal_group(process, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for process in processes.values():
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        signal_group(process, signal.SIGKILL)
