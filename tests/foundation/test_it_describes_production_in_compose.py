"""docker-compose.yml is valid YAML describing the production services."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_it_defines_the_five_services():
    assert set(compose()["services"]) == {"postgres", "redis", "web", "worker", "beat"}


def test_it_health_checks_every_service():
    services = compose()["services"]
    assert all("healthcheck" in service for service in services.values())


def test_it_gives_the_app_services_the_same_configuration():
    services = compose()["services"]
    app = [services[name] for name in ("web", "worker", "beat")]
    assert all(s["env_file"] == ".env" for s in app)
    assert all(s["environment"]["DATABASE_URL"].startswith("postgres://") for s in app)
    assert all(s["environment"]["CELERY_BROKER_URL"].startswith("redis://") for s in app)


def test_it_waits_for_healthy_database_and_broker():
    for name in ("web", "worker", "beat"):
        depends = compose()["services"][name]["depends_on"]
        assert depends["postgres"]["condition"] == "service_healthy"
        assert depends["redis"]["condition"] == "service_healthy"


def test_it_runs_gunicorn_and_celery():
    services = compose()["services"]
    assert "gunicorn fogdip.wsgi" in services["web"]["command"]
    assert "worker" in services["worker"]["command"]
    assert "beat" in services["beat"]["command"]


def test_it_lets_the_worker_scale():
    """`docker compose up --scale worker=N` needs a worker with no fixed name,
    host name or host port; each copy then names itself after its container."""
    worker = compose()["services"]["worker"]
    assert not {"container_name", "hostname", "ports"} & set(worker)
    assert "celery@$$HOSTNAME" in worker["healthcheck"]["test"][1]


def test_web_and_every_worker_share_the_stored_maps():
    """A map is drawn once, by the worker that sends its email; the web and
    every other worker copy must read that file, not draw their own."""
    services = compose()["services"]
    for name in ("web", "worker"):
        assert "media:/app/data/media" in services[name]["volumes"]
    assert "media" in compose()["volumes"]
    assert "mkdir -p /app/data/media" in (ROOT / "Dockerfile").read_text()
