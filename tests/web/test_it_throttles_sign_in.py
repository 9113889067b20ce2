"""Wrong passwords in a row pause signing in, per account and per address
(django-axes), with a page that says why and how to get back in."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from django.urls import reverse

from fogdip.env import parse_networks
from tests.web.conftest import PASSWORD, Personas

LIMIT = 5  # LOGIN_FAILURE_LIMIT's default


def sign_in(username: str, password: str, address: str = "10.0.0.1", client: Client | None = None):
    client = client or Client()
    data = {"username": username, "password": password}
    return client.post(reverse("login"), data, REMOTE_ADDR=address)


def test_twelve_wrong_passwords_are_not_answered_like_the_first(people: Personas) -> None:
    answers = [sign_in("france", f"wrong-{n}").status_code for n in range(12)]
    assert answers[: LIMIT - 1] == [200] * (LIMIT - 1)
    assert set(answers[LIMIT:]) == {429}


def test_the_pause_says_why_and_how_to_get_back_in(people: Personas) -> None:
    for n in range(LIMIT):
        sign_in("france", f"wrong-{n}")
    page = sign_in("france", PASSWORD).content.decode()
    assert "Signing in is paused after 5 wrong passwords in a row" in page
    assert "15 minutes" in page
    assert reverse("password_reset") in page


def test_it_pauses_the_account_whatever_the_address(people: Personas) -> None:
    for n in range(LIMIT):
        sign_in("france", f"wrong-{n}", address=f"10.0.1.{n}")
    assert sign_in("france", PASSWORD, address="10.0.2.1").status_code == 429
    assert sign_in("germany", PASSWORD, address="10.0.2.1").status_code == 302


def test_it_pauses_the_address_whatever_the_account(people: Personas) -> None:
    for name in ["france", "germany", "gm", "watcher", "stranger"]:
        sign_in(name, "wrong", address="10.0.3.1")
    assert sign_in("france", PASSWORD, address="10.0.3.1").status_code == 429
    assert sign_in("france", PASSWORD, address="10.0.3.2").status_code == 302


def test_it_lets_people_in_again_after_the_cool_off(people: Personas, settings) -> None:
    for n in range(LIMIT):
        sign_in("france", f"wrong-{n}")
    settings.AXES_COOLOFF_TIME = timedelta(seconds=0)
    assert sign_in("france", PASSWORD).status_code == 302


def test_behind_the_proxy_it_counts_the_client_not_the_proxy(people: Personas, settings) -> None:
    settings.BEHIND_TLS_PROXY = True
    settings.TRUSTED_PROXIES = parse_networks("TRUSTED_PROXIES", ["10.9.9.9"])
    for n in range(LIMIT):
        client = Client(HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 10.0.4.{n}")
        client.post(
            reverse("login"), {"username": f"nobody{n}", "password": "x"}, REMOTE_ADDR="10.9.9.9"
        )
    client = Client(HTTP_X_FORWARDED_FOR="10.0.4.200")
    answer = client.post(
        reverse("login"), {"username": "france", "password": PASSWORD}, REMOTE_ADDR="10.9.9.9"
    )
    assert answer.status_code == 302
