"""Every 429 the site gives says when to come back (Retry-After, in seconds):
the sign-up and password-reset limits per address, a limited form's page,
and the same limit asked for JSON. (The sign-in throttle's: test_it_throttles_sign_in;
the API's: api/tests/test_it_limits_each_person_across_tokens.)"""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from fogdip.env import Rate
from games.tests.web.conftest import Personas

SIGN_UP = {
    "username": "newbie",
    "email": "newbie@example.com",
    "password1": "a-long-pass-phrase",
    "password2": "a-long-pass-phrase",
    "time_zone": "UTC",
}


def one_a(settings, name: str, seconds: int = 3600) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, name: Rate(1, seconds)}


def waits(answer, at_most: int) -> int:
    assert answer.status_code == 429
    seconds = int(answer["Retry-After"])
    assert 1 <= seconds <= at_most
    return seconds


def test_the_sign_up_limit_says_when(db, settings) -> None:
    one_a(settings, "signup")
    client = Client()
    client.post(reverse("signup"), SIGN_UP)
    again = Client().post(reverse("signup"), {**SIGN_UP, "username": "second"})
    waits(again, at_most=3600)


def test_the_password_reset_limit_says_when(people: Personas, settings) -> None:
    one_a(settings, "password_reset", seconds=60)
    client = Client()
    client.post(reverse("password_reset"), {"email": "france@example.com"})
    waits(client.post(reverse("password_reset"), {"email": "france@example.com"}), at_most=60)


def test_a_limited_page_says_when(people: Personas, settings) -> None:
    one_a(settings, "verification")
    client = people.client("player")
    client.post(reverse("resend_confirmation"))
    answer = client.post(reverse("resend_confirmation"))
    waits(answer, at_most=3600)
    assert "Too many confirmation emails" in answer.content.decode()


def test_a_limited_json_answer_says_when(people: Personas, settings) -> None:
    one_a(settings, "verification", seconds=86400)
    client = people.client("player")
    client.post(reverse("resend_confirmation"), {}, content_type="application/json")
    answer = client.post(reverse("resend_confirmation"), {}, content_type="application/json")
    waits(answer, at_most=86400)
    assert "Too many confirmation emails" in answer.json()["error"]
