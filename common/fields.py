"""Model fields of our own."""

from __future__ import annotations

from typing import Any

from django.db import models


class RowInsertedJSONField(models.JSONField):
    """A JSONField whose bulk inserts go as VALUES rows, not as UNNEST arrays.

    On PostgreSQL Django bulk-inserts through UNNEST, one array a column. With
    psycopg's client-side binding an array of JSON documents is escaped
    quote by quote in Python: a standard game's nine knowledge records (11 KB
    of JSON) cost 4.0 ms of CPU that way and 1.1 ms as VALUES rows, and fog
    records are larger (bench/json_insert.py). Django keeps to VALUES for a
    field that gives its own placeholder; ours is the plain one.
    """

    def get_placeholder(self, value: Any, compiler: Any, connection: Any) -> str:
        return "%s"
