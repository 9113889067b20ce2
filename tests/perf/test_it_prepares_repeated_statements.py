"""On PostgreSQL a connection prepares a statement it runs again and again,
so the server stops planning it each time (docs/performance-history.md,
"Statements prepared"). Django's backend turns psycopg's preparing off
unless the database's OPTIONS say otherwise; fogdip.env says so."""

from __future__ import annotations

import pytest
from django.db import connection

from fogdip.env import PREPARE_AFTER
from games.models import Game


def prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


@pytest.mark.django_db
def test_a_statement_run_again_and_again_is_prepared(require_postgres):
    assert not any('"games_game"' in s for s in prepared_statements())
    for _ in range(PREPARE_AFTER + 1):
        list(Game.objects.filter(pk=-1))
    assert any('"games_game"' in s for s in prepared_statements())
