"""A test email provider for worker processes: it logs each accepted message
to a file, and fails the calls FOGDIP_FAULT_PROVIDER lists.

FOGDIP_FAULT_PROVIDER is a comma-separated list, one entry per call in order:
"timeout" (the connection times out before the provider accepts anything),
"5xx" (the provider answers 503), anything else or nothing: accepted. The
call count lives in a file, so it survives a killed worker.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from anymail.exceptions import AnymailAPIError
from django.core.mail.backends.base import BaseEmailBackend

from tests.faults.hooks import fault_dir


def accepted_log() -> Path:
    return fault_dir() / "accepted.jsonl"


def next_call() -> int:
    """The number of this call to the provider, counted across processes."""
    path = fault_dir() / "provider-calls"
    with path.open("a+") as counter:
        fcntl.flock(counter, fcntl.LOCK_EX)
        counter.seek(0)
        number = int(counter.read() or 0) + 1
        counter.seek(0)
        counter.truncate()
        counter.write(str(number))
    return number


def planned_failure(call: int) -> str:
    plan = [entry.strip() for entry in os.environ.get("FOGDIP_FAULT_PROVIDER", "").split(",")]
    return plan[call - 1] if call <= len(plan) else ""


class EmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages: Sequence[Any]) -> int:
        for message in email_messages:
            self.send_one(message)
        return len(email_messages)

    def send_one(self, message: Any) -> None:
        failure = planned_failure(next_call())
        if failure == "timeout":
            raise TimeoutError("the provider did not answer in time")
        if failure == "5xx":
            answer = SimpleNamespace(reason="Service Unavailable", text="", json=dict)
            raise AnymailAPIError("the provider failed", status_code=503, response=answer)
        line = {"message_id": message.extra_headers.get("Message-ID"), "to": message.to}
        with accepted_log().open("a") as log:
            log.write(json.dumps(line) + "\n")
            log.flush()
            os.fsync(log.fileno())


def accepted_message_ids(directory: Path) -> list[str]:
    path = directory / "accepted.jsonl"
    if not path.exists():
        return []
    return [json.loads(line)["message_id"] for line in path.read_text().splitlines()]
