"""Where the whole machine's CPU went during a burst, read from /proc.

The stage timers (bench.burst.stages) see only the worker pool's tasks. The
cores are also shared with PostgreSQL, Redis, the worker's parent process,
beat and this bench; this module reads every process's CPU time, by program
name, and the machine's busy and idle time, so a run can say which of them
is the limit. Linux only; elsewhere it reports nothing.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
IDLE_FIELDS = (3, 4)  # idle and iowait in /proc/stat's "cpu" line


@dataclass(frozen=True)
class Snapshot:
    busy: float  # CPU seconds the machine spent working, all cores
    idle: float
    processes: dict[int, tuple[str, float]]  # alive now: pid -> (program, CPU seconds)
    own: float  # this process's


def snapshot() -> Snapshot | None:
    if not (PROC / "stat").exists():
        return None
    busy, idle = machine_times()
    own = process_seconds(PROC / "self")
    return Snapshot(busy, idle, processes(), own or 0.0)


def machine_times() -> tuple[float, float]:
    fields = [int(value) for value in (PROC / "stat").read_text().split("\n")[0].split()[1:]]
    idle = sum(fields[index] for index in IDLE_FIELDS)
    # guest time is already counted in user time
    return (sum(fields[:8]) - idle) / TICKS, idle / TICKS


def process_seconds(folder: Path, with_children: bool = False) -> float | None:
    """A process's CPU seconds; with its children's, once it has reaped them."""
    try:
        text = (folder / "stat").read_text()
    except OSError:  # the process has exited
        return None
    after_name = [int(value) for value in text.rsplit(")", 1)[1].split()[11:15]]
    utime, stime, children_utime, children_stime = after_name
    children = children_utime + children_stime if with_children else 0
    return (utime + stime + children) / TICKS


def process_name(folder: Path) -> str:
    try:
        return (folder / "comm").read_text().strip()
    except OSError:
        return "?"


def processes() -> dict[int, tuple[str, float]]:
    alive = {}
    for folder in PROC.iterdir():
        if folder.name.isdigit():
            seconds = process_seconds(folder, with_children=True)
            if seconds is not None:
                alive[int(folder.name)] = (program_of(process_name(folder)), seconds)
    return alive


def used_by_program(before: Snapshot, after: Snapshot) -> dict[str, float]:
    """CPU used between two snapshots, by program.

    Each process counts its own time and its reaped children's, so a
    program's total only grows: PostgreSQL's backends come and go with the
    workers' connections, and a backend that ended still counts, in the
    postmaster's children's time."""
    used: dict[str, float] = defaultdict(float)
    for name, seconds in after.processes.values():
        used[name] += seconds
    for name, seconds in before.processes.values():
        used[name] -= seconds
    return dict(used)


def program_of(name: str) -> str:
    """PostgreSQL's processes name themselves after their role; one heading."""
    if name.startswith("postgres"):
        return "postgres"
    if name.startswith("python") or name == "celery":
        return "python (worker pool and parent, beat, this bench)"
    return name


def report(before: Snapshot | None, after: Snapshot | None, cores: int) -> list[str]:
    """Lines for the bench's output: the machine's use, then each program's
    share (a process that ended unreaped, or whose parent is another
    program, counts only in the machine's total)."""
    if before is None or after is None:
        return []
    busy, idle = after.busy - before.busy, after.idle - before.idle
    lines = [
        f"  machine over the burst: {cores} cores, {busy:.0f} s busy and {idle:.0f} s idle "
        f"({100 * busy / max(busy + idle, 1e-9):.0f} % busy)"
    ]
    used = used_by_program(before, after)
    bench_itself = after.own - before.own
    for name, seconds in sorted(used.items(), key=lambda item: -item[1]):
        if seconds >= 0.5:
            share = 100 * seconds / max(busy, 1e-9)
            lines.append(f"    {name:52} {seconds:7.1f} s  {share:3.0f} %")
    lines.append(f"    {'of which this bench (polling the database)':52} {bench_itself:7.1f} s")
    return lines
