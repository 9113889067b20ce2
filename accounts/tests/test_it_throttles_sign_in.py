"""Wrong passwords pause an (account, address) pair and an address, and only
slow an account down, so a stranger cannot lock a player out (django-axes with
accounts.signin_throttle); the pause page says how to get back in."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from accounts import signin_throttle
from fogdip.env import parse_networks
from games.tests.web.conftest import PASSWORD, Personas

LIMIT = 5  # LOGIN_FAILURE_LIMIT's default
ADDRESS_LIMIT = 20  # LOGIN_ADDRESS_FAILURE_LIMIT's default


@pytest.fixture(autouse=True)
def pauses(monkeypatch) -> list[float]:
    """The slowdown's waits, counted instead of waited out."""
    waited: list[float] = []
    monkeypatch.setattr(signin_throttle, "pause", waited.append)
    return waited


def sign_in(username: str, password: str, address: str = "10.0.0.1", client: Client | None = None):
    client = client or Client()
    data = {"username": username, "password": password}
    return client.post(reverse("login"), data, REMOTE_ADDR=address)


def guess(username: str, times: int, address: str = "10.0.0.1") -> None:
    for n in range(times):
        sign_in(username, f"wrong-{n}", address=address)


def test_guesses_from_one_address_pause_that_account_there(people: Personas) -> None:
    answers = [sign_in("france", f"wrong-{n}").status_code for n in range(12)]
    assert answers[: LIMIT - 1] == [200] * (LIMIT - 1)
    assert set(answers[LIMIT:]) == {429}
    assert sign_in("france", PASSWORD).status_code == 429


def test_a_strangers_guesses_do_not_lock_the_player_out(people: Personas) -> None:
    guess("france", 12, address="203.0.113.9")
    assert sign_in("france", PASSWORD, address="10.0.0.2").status_code == 302


def test_guesses_spread_over_addresses_do_not_lock_the_player_out(people: Personas) -> None:
    for n in range(30):
        sign_in("france", "wrong", address=f"203.0.113.{n}")
    assert sign_in("france", PASSWORD, address="10.0.0.2").status_code == 302


def test_past_the_limit_each_attempt_on_the_account_waits_longer(
    people: Personas, pauses: list[float]
) -> None:
    for n in range(LIMIT):
        sign_in("france", "wrong", address=f"203.0.113.{n}")
    assert pauses == []
    for n in range(LIMIT, LIMIT + 4):
        sign_in("france", "wrong", address=f"203.0.113.{n}")
    assert pauses == [1, 2, 3, 3]
    assert sign_in("germany", PASSWORD, address="10.0.0.2").status_code == 302
    assert sign_in("france", PASSWORD, address="10.0.0.2").status_code == 302
    assert pauses == [1, 2, 3, 3, 3]


def test_it_pauses_an_address_that_tries_many_accounts(people: Personas) -> None:
    for n in range(ADDRESS_LIMIT - 1):
        sign_in(f"nobody{n % 4}", "wrong", address="10.0.3.1")
    assert sign_in("watcher", PASSWORD, address="10.0.3.1").status_code == 302
    sign_in("gm", "wrong", address="10.0.3.1")
    assert sign_in("france", PASSWORD, address="10.0.3.1").status_code == 429
    assert sign_in("france", PASSWORD, address="10.0.3.2").status_code == 302


def test_signing_in_to_ones_own_account_keeps_the_guesses_at_others(people: Personas) -> None:
    guess("france", LIMIT - 1, address="10.0.5.1")
    assert sign_in("germany", PASSWORD, address="10.0.5.1").status_code == 302
    guess("france", 1, address="10.0.5.1")
    assert sign_in("france", PASSWORD, address="10.0.5.1").status_code == 429


def test_the_pause_says_why_and_how_to_get_back_in(people: Personas) -> None:
    guess("france", LIMIT)
    page = sign_in("france", PASSWORD).content.decode()
    assert "Signing in from this address is paused for 15 minutes" in page
    assert "5 wrong passwords for one account, or 20 for any" in page
    assert reverse("password_reset") in page
    assert "a new password lifts the pause" in page


def test_a_new_password_lifts_the_pause(people: Personas, mailoutbox) -> None:
    guess("france", LIMIT)
    client = Client()
    client.post(reverse("password_reset"), {"email": "france@example.com"})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", mailoutbox[0].body)
    assert link is not None
    form_page = client.get(link.group(1), follow=True)
    new = {"new_password1": "a-brand-new-phrase", "new_password2": "a-brand-new-phrase"}
    client.post(form_page.redirect_chain[-1][0], new)
    assert sign_in("france", "a-brand-new-phrase").status_code == 302


def test_it_lets_people_in_again_after_the_cool_off(people: Personas, settings) -> None:
    guess("france", LIMIT)
    settings.AXES_COOLOFF_TIME = timedelta(seconds=0)
    assert sign_in("france", PASSWORD).status_code == 302


def test_behind_the_proxy_it_counts_the_client_not_the_proxy(people: Personas, settings) -> None:
    settings.BEHIND_TLS_PROXY = True
    settings.TRUSTED_PROXIES = parse_networks("TRUSTED_PROXIES", ["10.9.9.9"])
    for n in range(ADDRESS_LIMIT):
        client = Client(HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 10.0.4.{n}")
        client.post(
            reverse("login"), {"username": f"nobody{n}", "password": "x"}, REMOTE_ADDR="10.9.9.9"
        )
    client = Client(HTTP_X_FORWARDED_FOR="10.0.4.200")
    answer = client.post(
        reverse("login"), {"username": "france", "password": PASSWORD}, REMOTE_ADDR="10.9.9.9"
    )
    assert answer.status_code == 302
