"""docker-compose.yml is valid YAML describing the production services."""

from __future__ import annotations

import ipaddress
import re
import runpy
from pathlib import Path

import yaml

from deploy.healthcheck import host_to_ask

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_it_defines_the_six_services():
    assert set(compose()["services"]) == {"proxy", "postgres", "redis", "web", "worker", "beat"}


def test_it_publishes_only_the_tls_proxy():
    """A client that could reach gunicorn directly would choose its own
    X-Forwarded-For; only the proxy has ports on the host."""
    services = compose()["services"]
    published = {name for name, service in services.items() if "ports" in service}
    assert published == {"proxy"}
    host_ports = {entry.split(":")[0] for entry in services["proxy"]["ports"]}
    assert host_ports == {"80", "443"}


def test_the_proxy_is_caddy_with_the_repositorys_caddyfile_proxying_to_web():
    proxy = compose()["services"]["proxy"]
    assert proxy["image"].startswith("caddy:")
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    assert re.search(r"^\s*reverse_proxy web:8000$", caddyfile, re.MULTILINE)
    assert "{$FOGDIP_DOMAIN}" in caddyfile


def test_gunicorn_and_django_believe_forwarded_headers_from_the_proxy_only():
    """The proxy has a fixed address on the compose network; gunicorn's
    --forwarded-allow-ips and Django's TRUSTED_PROXIES name exactly it."""
    spec = compose()
    address = spec["services"]["proxy"]["networks"]["default"]["ipv4_address"]
    subnet = spec["networks"]["default"]["ipam"]["config"][0]["subnet"]
    assert ipaddress.ip_address(address) in ipaddress.ip_network(subnet)
    for name in ("web", "worker", "beat"):
        assert spec["services"][name]["environment"]["TRUSTED_PROXIES"] == address
    command = spec["services"]["web"]["command"]
    assert "--forwarded-allow-ips=$$TRUSTED_PROXIES" in command  # compose makes $$ a $
    assert "-c deploy/gunicorn.conf.py" in command


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


def test_the_web_health_check_asks_under_an_allowed_host_name():
    """With ALLOWED_HOSTS=fogdip.example.org, /health/ asked as 127.0.0.1 is a 400."""
    web = compose()["services"]["web"]
    assert web["healthcheck"]["test"] == ["CMD", "python", "deploy/healthcheck.py"]
    assert host_to_ask("fogdip.example.org,www.fogdip.example.org") == "fogdip.example.org"
    assert host_to_ask(".example.org") == "example.org"
    assert host_to_ask("*") == "localhost"


def test_gunicorn_listens_on_loopback_unless_compose_says_otherwise():
    """On a host, gunicorn listens on 127.0.0.1:8000 behind a proxy on the same
    host (docs/operations.md); in compose the proxy is another container, so
    the web command binds every address of its own container, which only the
    compose network reaches (the port is exposed, never published)."""
    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    assert config["bind"] == ["127.0.0.1:8000"]
    operations = " ".join((ROOT / "docs" / "operations.md").read_text().split())
    assert "gunicorn on `127.0.0.1:8000`" in operations
    web = compose()["services"]["web"]
    assert "--bind=0.0.0.0:8000" in web["command"]
    assert web["expose"] == ["8000"] and "ports" not in web
