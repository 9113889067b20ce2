"""Log lines as JSON objects, one a line, for a log collector (LOG_FORMAT=json).

The web (Django and gunicorn, deploy/gunicorn.conf.py) and the Celery worker
and beat (fogdip/celery.py) write the same fields: time (UTC, ISO 8601),
level, logger, message, process; the task and its id inside a Celery task;
the exception's traceback when there is one; for gunicorn's access log the
request's method, path (without its query), status, duration and the client
the proxy named; and whatever a call passes in ``extra``.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

# Attributes every LogRecord has; anything else came in through ``extra``.
STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}
# gunicorn's access-log atoms (its record's args) worth a field of their own.
ACCESS_FIELDS = {"m": "method", "U": "path", "s": "status", "D": "duration_us"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
        }
        entry |= task_fields() | access_fields(record) | extra_fields(record)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def task_fields() -> dict[str, Any]:
    from celery import current_task

    if not current_task or not current_task.request.id:  # a proxy: false outside a task
        return {}
    return {"task": current_task.name, "task_id": current_task.request.id}


def access_fields(record: logging.LogRecord) -> dict[str, Any]:
    if record.name != "gunicorn.access" or not isinstance(record.args, dict):
        return {}
    atoms = record.args
    fields = {name: atoms[atom] for atom, name in ACCESS_FIELDS.items() if atom in atoms}
    forwarded = str(atoms.get("{x-forwarded-for}i", "-"))
    if forwarded != "-":
        fields["client"] = forwarded.rsplit(",", 1)[-1].strip()
    return fields


def extra_fields(record: logging.LogRecord) -> dict[str, Any]:
    return {name: value for name, value in vars(record).items() if name not in STANDARD}
