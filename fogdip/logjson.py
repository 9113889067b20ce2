"""Structured logs: one JSON object per line, for a log collector to index.

Chosen with LOG_FORMAT=json (settings.LOGGING); the default stays the plain
line a person reads in a terminal. Standard library only: the fields are
those of the log record, and the message is formatted as in plain logs.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)
