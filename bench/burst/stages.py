"""CPU per stage, timed inside each worker process, for the burst bench only.

Installed by bench.burst.worker_settings when FOGDIP_BURST_STAGES names a
directory; production code carries no timer. Each pool process wraps the
rules call (engine and fog), the engine's resolution and the map renderer,
times every task, and after each task writes its running totals and its peak
resident memory to ``<pid>.json`` in that directory.
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

TOTALS: dict[str, float] = defaultdict(float)
COUNTS: dict[str, int] = defaultdict(int)
STARTED: dict[str, float] = {}
TASK_STAGES = {
    "games.tasks.adjudicate_phase_task": "adjudication task",
    "postoffice.tasks.send_message": "send task",
    "postoffice.tasks.send_messages": "send task",
    "games.tasks.sweep_deadlines": "sweeps",
    "postoffice.tasks.sweep_outbox": "sweeps",
}


def timed(stage: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            TOTALS[stage] += time.process_time() - started

    wrapper.burst_stage = stage  # type: ignore[attr-defined]
    return wrapper


def install() -> None:
    """Wrap the module attributes the tasks call through, once per process."""
    from adjudication.fog import play
    from games import gateway, maps_adapter

    for module, name, stage in (
        (gateway, "run_phase", "rules"),
        (play, "resolve", "engine"),
        (maps_adapter, "render_png", "maps"),
    ):
        function = getattr(module, name)
        if not hasattr(function, "burst_stage"):
            setattr(module, name, timed(stage, function))


def task_started(task_id: str) -> None:
    STARTED[task_id] = time.process_time()


def task_finished(task_id: str, task_name: str) -> None:
    started = STARTED.pop(task_id, None)
    stage = TASK_STAGES.get(task_name, task_name)
    if started is not None:
        TOTALS[stage] += time.process_time() - started
        COUNTS[stage] += 1
    write_totals()


def peak_resident_kb() -> int:
    """VmHWM: the most this process has held in memory at once."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def write_totals() -> None:
    directory = Path(os.environ["FOGDIP_BURST_STAGES"])
    figures = {"cpu": dict(TOTALS), "tasks": dict(COUNTS), "peak_kb": peak_resident_kb()}
    (directory / f"{os.getpid()}.json").write_text(json.dumps(figures))


def read_totals(directory: Path) -> list[dict[str, Any]]:
    return [json.loads(path.read_text()) for path in sorted(directory.glob("*.json"))]


def split(processes: list[dict[str, Any]]) -> dict[str, float]:
    """CPU seconds per stage over every process: adjudication (the engine), fog
    (the rest of the rules call), the adjudication task's database work, maps,
    and email (the send task less its map)."""
    total: dict[str, float] = defaultdict(float)
    for process in processes:
        for stage, seconds in process["cpu"].items():
            total[stage] += seconds
    return {
        "adjudication": total["engine"],
        "fog": total["rules"] - total["engine"],
        "records and outbox": total["adjudication task"] - total["rules"],
        "maps": total["maps"],
        "email": total["send task"] - total["maps"],
        "sweeps": total["sweeps"],
    }


def task_counts(processes: list[dict[str, Any]]) -> dict[str, int]:
    """Tasks run, by kind, over every process (a send task that found its row
    already claimed counts too: the sweep queues rows still waiting)."""
    total: dict[str, int] = defaultdict(int)
    for process in processes:
        for stage, count in process["tasks"].items():
            total[stage] += count
    return dict(total)
