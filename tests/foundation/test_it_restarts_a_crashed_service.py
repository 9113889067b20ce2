"""`make run`'s demo keeps going when one service crashes: the service is
started again and the others run on; one that keeps crashing stops the demo
rather than restarting for ever."""

from __future__ import annotations

from dataclasses import dataclass

from fogdip.management.commands.rundev import MOST_RESTARTS, Supervisor


@dataclass
class Service:
    """A stand-in for a service's process: running until told it crashed."""

    name: str
    returncode: int | None = None
    pid: int = 2**22 + 1  # no such process: signalling its group finds nothing

    def poll(self) -> int | None:
        return self.returncode


def supervised() -> tuple[Supervisor, list[str], list[str]]:
    started: list[str] = []
    said: list[str] = []

    def start(name: str) -> Service:
        started.append(name)
        return Service(name)

    supervisor = Supervisor(start, said.append)
    supervisor.start_all(["web", "worker", "beat"])
    return supervisor, started, said


def test_a_crashed_worker_is_started_again_and_the_others_run_on():
    supervisor, started, said = supervised()
    web = supervisor.processes["web"]
    supervisor.processes["worker"].returncode = 1
    assert supervisor.keep_running(now=10.0)
    assert started == ["web", "worker", "beat", "worker"]
    assert supervisor.processes["web"] is web
    assert supervisor.processes["worker"].returncode is None
    assert said == ["worker stopped with exit code 1; starting it again"]


def test_a_service_that_keeps_crashing_stops_the_demo():
    supervisor, _, said = supervised()
    for second in range(MOST_RESTARTS):
        supervisor.processes["beat"].returncode = 1
        assert supervisor.keep_running(now=float(second))
    supervisor.processes["beat"].returncode = 1
    assert not supervisor.keep_running(now=float(MOST_RESTARTS))
    assert said[-1] == "beat stopped with exit code 1, again: stopping"


def test_crashes_far_apart_are_each_restarted():
    supervisor, started, _ = supervised()
    for minute in range(MOST_RESTARTS + 3):
        supervisor.processes["worker"].returncode = -9
        assert supervisor.keep_running(now=minute * 61.0)
    assert started.count("worker") == MOST_RESTARTS + 4
