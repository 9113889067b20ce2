"""Behind the TLS proxy, X-Forwarded-For and X-Forwarded-Proto count only on
requests that come from the proxy (TRUSTED_PROXIES): a client that reaches
the web server directly is known by its own address and cannot claim https."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from common.client_ip import client_ip
from fogdip.env import parse_networks
from games.tests.web.conftest import PASSWORD, Personas

PROXY = "172.30.80.10"
OUTSIDER = "203.0.113.9"
ADDRESS_LIMIT = 20  # LOGIN_ADDRESS_FAILURE_LIMIT's default: failures that pause an address


@pytest.fixture
def behind_proxy(settings):
    settings.BEHIND_TLS_PROXY = True
    settings.TRUSTED_PROXIES = parse_networks("TRUSTED_PROXIES", [PROXY])
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    return settings


def sign_in(username: str, password: str, peer: str, forwarded: str):
    client = Client(HTTP_X_FORWARDED_FOR=forwarded)
    data = {"username": username, "password": password}
    return client.post(reverse("login"), data, REMOTE_ADDR=peer)


def test_a_client_going_around_the_proxy_cannot_choose_its_address(
    people: Personas, behind_proxy
) -> None:
    for n in range(ADDRESS_LIMIT):
        sign_in(f"nobody{n}", "wrong", peer=OUTSIDER, forwarded=f"198.51.100.{n}")
    answer = sign_in("france", PASSWORD, peer=OUTSIDER, forwarded="198.51.100.77")
    assert answer.status_code == 429


def test_through_the_proxy_each_client_is_counted_apart(people: Personas, behind_proxy) -> None:
    for n in range(ADDRESS_LIMIT):
        sign_in(f"nobody{n}", "wrong", peer=PROXY, forwarded="198.51.100.1")
    assert sign_in("france", PASSWORD, peer=PROXY, forwarded="198.51.100.1").status_code == 429
    assert sign_in("france", PASSWORD, peer=PROXY, forwarded="198.51.100.2").status_code == 302


def test_a_client_going_around_the_proxy_cannot_claim_https(db, behind_proxy) -> None:
    behind_proxy.SECURE_SSL_REDIRECT = True
    home = reverse("home")
    direct = Client().get(home, REMOTE_ADDR=OUTSIDER, HTTP_X_FORWARDED_PROTO="https")
    proxied = Client().get(home, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_PROTO="https")
    assert direct.status_code == 301
    assert direct["Location"].startswith("https://")
    assert proxied.status_code == 200


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        (PROXY, "10.1.1.1, 198.51.100.4", "198.51.100.4"),  # the proxy appends last
        (PROXY, "not an address", PROXY),
        (OUTSIDER, "198.51.100.4", OUTSIDER),
        ("2001:db8::5", "198.51.100.4", "2001:db8::5"),
    ],
)
def test_it_reads_the_client_address(behind_proxy, peer, forwarded, client) -> None:
    request = RequestFactory().get("/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == client


def test_without_the_proxy_setting_no_header_counts(settings) -> None:
    settings.BEHIND_TLS_PROXY = False
    settings.TRUSTED_PROXIES = parse_networks("TRUSTED_PROXIES", [PROXY])
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert client_ip(request) == PROXY
