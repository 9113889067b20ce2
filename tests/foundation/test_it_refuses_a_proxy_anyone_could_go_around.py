"""Start-up refuses BEHIND_TLS_PROXY where a client could go around the proxy
and choose its own address: Django when every address is trusted or none is
named, gunicorn (deploy/gunicorn.conf.py) when it believes forwarded headers
from anyone, from an address Django does not trust, or listens on a public
address."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fogdip.deployment import gunicorn_problems
from fogdip.env import parse_networks

ROOT = Path(__file__).resolve().parents[2]
PROXY = parse_networks("TRUSTED_PROXIES", ["172.30.80.10"])


def start_django(tmp_path: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "fogdip.settings", **variables}
    env["FOGDIP_DATA_DIR"] = str(tmp_path)
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize(
    ("trusted", "named"),
    [("0.0.0.0/0", "0.0.0.0/0, every address"), ("", "TRUSTED_PROXIES is empty")],
)
def test_django_refuses_a_trust_that_covers_everyone_or_no_one(tmp_path, trusted, named):
    result = start_django(tmp_path, BEHIND_TLS_PROXY="true", TRUSTED_PROXIES=trusted)
    assert result.returncode != 0
    assert named in result.stderr


def test_django_names_a_malformed_proxy_address(tmp_path):
    result = start_django(tmp_path, TRUSTED_PROXIES="proxy.internal")
    assert result.returncode != 0
    assert "TRUSTED_PROXIES must list IP addresses or networks" in result.stderr


def test_django_starts_behind_a_named_proxy(tmp_path):
    result = start_django(tmp_path, BEHIND_TLS_PROXY="true", TRUSTED_PROXIES="172.30.80.10")
    assert result.returncode == 0, result.stderr


def test_gunicorn_refuses_to_believe_every_client(tmp_path):
    env = {**os.environ, "BEHIND_TLS_PROXY": "true", "TRUSTED_PROXIES": "172.30.80.10"}
    command = [sys.executable, "-m", "gunicorn", "fogdip.wsgi:application"]
    command += ["-c", "deploy/gunicorn.conf.py", "--bind", "127.0.0.1:0"]
    command += ["--forwarded-allow-ips=*"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "--forwarded-allow-ips is *" in result.stderr


def test_gunicorn_agrees_with_a_proxy_both_name():
    assert gunicorn_problems(["172.30.80.10"], ["0.0.0.0"], PROXY) == []


def test_gunicorn_refuses_a_proxy_django_does_not_trust():
    (problem,) = gunicorn_problems(["172.30.80.11"], ["0.0.0.0"], PROXY)
    assert "names 172.30.80.11, which TRUSTED_PROXIES does not" in problem


def test_gunicorn_refuses_to_listen_on_a_public_address():
    (problem,) = gunicorn_problems(["172.30.80.10"], ["192.0.2.1", "8.8.8.8"], PROXY)
    assert "listens on 8.8.8.8, a public address" in problem
