"""Test-only fault points, installed in a worker started with tests.faults.worker_settings.

FOGDIP_FAULT_PAUSE names the point where the worker stops, the first time it
gets there: "adjudicate" (inside the adjudication transaction, after the
claim, before the engine runs) or "send" (after the outbox claim, before the
provider is called). It writes ``paused-<point>`` into FOGDIP_FAULT_DIR and
waits for ``resume-<point>``, so a test can kill it, or cut its database
connection, at a known moment.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

WAIT_SECONDS = 120


def fault_dir() -> Path:
    return Path(os.environ["FOGDIP_FAULT_DIR"])


def pause_here(point: str) -> None:
    if os.environ.get("FOGDIP_FAULT_PAUSE") != point:
        return
    paused = fault_dir() / f"paused-{point}"
    if paused.exists():  # only the first time
        return
    paused.write_text(str(os.getpid()))
    resume = fault_dir() / f"resume-{point}"
    deadline = time.monotonic() + WAIT_SECONDS
    while not resume.exists() and time.monotonic() < deadline:
        time.sleep(0.05)


def paused_before(point: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        pause_here(point)
        return function(*args, **kwargs)

    wrapper.fault_point = point  # type: ignore[attr-defined]
    return wrapper


def install() -> None:
    """Wrap the rules gateway's call and the provider call once, in the worker process."""
    from games import gateway
    from postoffice import sending

    if not hasattr(gateway.run_phase, "fault_point"):
        gateway.run_phase = paused_before("adjudicate", gateway.run_phase)
    if not hasattr(sending.deliver, "fault_point"):
        sending.deliver = paused_before("send", sending.deliver)
