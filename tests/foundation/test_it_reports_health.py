"""The health endpoint reports the database and the broker by name."""

from __future__ import annotations

import pytest

from common import health


@pytest.mark.django_db
def test_it_reports_database_and_broker_ok(client):
    response = client.get("/health/")
    assert response.status_code == 200, response.json()
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}


@pytest.mark.django_db
def test_it_answers_503_and_names_the_failing_part(client, monkeypatch):
    def broken_broker() -> str:
        raise ConnectionError("broker is down")

    monkeypatch.setitem(health.CHECKS, "broker", broken_broker)
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["database"] == "ok"
    assert "broker is down" in body["broker"]


@pytest.mark.django_db
def test_it_reaches_real_redis_when_configured(require_redis):
    assert health.check_broker() == "ok"


@pytest.mark.django_db
def test_it_reaches_real_postgres_when_configured(require_postgres):
    assert health.check_database() == "ok"
