"""A deadline's knowledge records and outbox rows are bulk-inserted as VALUES
rows, not as UNNEST arrays: psycopg escapes an array of JSON documents quote
by quote in Python, several times the CPU (common/fields.py). PostgreSQL only:
Django uses UNNEST nowhere else."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import KnowledgeRecord
from games.records import store_records
from games.tests.emails.conftest import make_game


@pytest.mark.django_db
def test_it_inserts_records_as_rows_and_reads_them_back(require_postgres):
    game, _, _ = make_game()
    records = {
        power: {"power": power, "note": 'quotes " and \\ backslashes', "units": [1, 2]}
        for power in ("FRANCE", "GERMANY", "ITALY")
    }
    with CaptureQueriesContext(connection) as queries:
        store_records(game, None, 99, records)
    inserts = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("INSERT")]
    assert len(inserts) == 1 and "UNNEST" not in inserts[0]
    stored = KnowledgeRecord.objects.filter(game=game, ordinal=99)
    assert {row.power: row.data for row in stored} == records
