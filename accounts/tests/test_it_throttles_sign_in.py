"""Wrong passwords pause an (account, address) pair and an address, and only
slow an account down, so a stranger cannot lock a player out (django-axes with
accounts.signin_throttle); the pause page says how to get back in. Every
refusal answers at once, 429 with Retry-After: nothing sleeps in a web worker."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from fogdip.env import parse_networks
from games.tests.web.conftest import PASSWORD, Personas

LIMIT = 5  # LOGIN_FAILURE_LIMIT's default
ADDRESS_LIMIT = 20  # LOGIN_ADDRESS_FAILURE_LIMIT's default


@pytest.fixture(autouse=True)
def never_sleeps(monkeypatch) -> None:
    """A web worker never sleeps: any wait is said in Retry-After instead."""

    def refuse(seconds: float) -> None:
        raise AssertionError(f"a web worker slept {seconds} s")

    monkeypatch.setattr(time, "sleep", refuse)


def earlier(seconds: int) -> None:
    """Every recorded wrong password happened ``seconds`` earlier than it did."""
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= timedelta(seconds=seconds)
        attempt.save(update_fields=["attempt_time"])


def guess_from_everywhere(count: int) -> None:
    """``count`` wrong passwords for France, each from its own address and each
    checked (the wait before it over), the last just now."""
    for n in range(count):
        earlier(3)
        assert sign_in("france", "wrong", address=f"203.0.113.{n}").status_code == 200


def retry_after(answer) -> int:
    assert answer.status_code == 429
    return int(answer["Retry-After"])


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


def signed_in_before() -> Client:
    """The player's own browser, which signed in to the account before and signed out."""
    browser = Client()
    assert sign_in("france", PASSWORD, address="10.0.0.2", client=browser).status_code == 302
    browser.post(reverse("logout"))
    return browser


def test_a_strangers_guesses_do_not_lock_the_player_out(people: Personas) -> None:
    players_browser = signed_in_before()
    guess("france", 12, address="203.0.113.9")
    answer = sign_in("france", PASSWORD, address="10.0.0.2", client=players_browser)
    assert answer.status_code == 302


def test_guesses_spread_over_addresses_do_not_lock_the_player_out(people: Personas) -> None:
    players_browser = signed_in_before()
    for n in range(30):
        sign_in("france", "wrong", address=f"203.0.113.{n}")
    answer = sign_in("france", PASSWORD, address="10.0.0.2", client=players_browser)
    assert answer.status_code == 302


def test_a_new_browser_waits_out_the_slowdown_and_then_gets_in(people: Personas) -> None:
    guess_from_everywhere(LIMIT + 3)
    wait = retry_after(sign_in("france", PASSWORD, address="10.0.0.2"))
    assert 1 <= wait <= 3
    earlier(wait)
    assert sign_in("france", PASSWORD, address="10.0.0.2").status_code == 302


def test_past_the_limit_a_try_too_soon_is_refused_at_once_unchecked(people: Personas) -> None:
    for n in range(LIMIT - 1):
        sign_in("france", "wrong", address=f"203.0.113.{n}")
    assert sign_in("france", "wrong", address="203.0.113.50").status_code == 200  # checked
    waits = []
    for n in range(LIMIT, LIMIT + 3):
        answer = sign_in("france", "wrong", address=f"203.0.113.{n}")
        waits.append(retry_after(answer))
        assert "try again in" in answer.content.decode()
        earlier(waits[-1])  # the wait is over: the next try is checked
        assert sign_in("france", "wrong", address=f"203.0.113.{n + 10}").status_code == 200
    assert waits == [1, 2, 3]
    assert sign_in("germany", PASSWORD, address="10.0.0.2").status_code == 302


def test_refused_tries_neither_count_nor_keep_the_account_slowed(people: Personas) -> None:
    guess_from_everywhere(LIMIT + 3)
    counted = sum(AccessAttempt.objects.values_list("failures_since_start", flat=True))
    for n in range(20):
        assert sign_in("france", "wrong", address=f"198.51.100.{n}").status_code == 429
    assert sum(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == counted
    earlier(3)
    assert sign_in("france", PASSWORD, address="10.0.0.2").status_code == 302


def test_the_rest_of_the_site_answers_while_an_account_is_slowed(people: Personas) -> None:
    guess_from_everywhere(LIMIT + 3)
    assert retry_after(sign_in("france", "wrong", address="198.51.100.1")) == 3
    assert Client().get(reverse("health")).status_code == 200


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
    answer = sign_in("france", PASSWORD)
    assert 14 * 60 < retry_after(answer) <= 15 * 60
    page = answer.content.decode()
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


def test_a_browser_known_to_another_account_is_slowed_like_any(people: Personas) -> None:
    germans_browser = Client()
    sign_in("germany", PASSWORD, address="10.0.0.2", client=germans_browser)
    germans_browser.post(reverse("logout"))
    guess_from_everywhere(LIMIT + 3)
    assert retry_after(sign_in("france", PASSWORD, address="10.0.0.2", client=germans_browser))
