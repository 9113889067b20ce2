"""Sign-up and the profile say nothing of whether another account has the
address typed: the answer is the one any address gets, and the address's
owner is told by email instead (a few times a day at most). The profile's
password check for an address change counts as a sign-in attempt."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.verification import is_confirmed
from fogdip.env import Rate
from games.tests.web.conftest import PASSWORD, Personas

LIMIT = 5  # LOGIN_FAILURE_LIMIT's default
NOTICE = "Someone asked for your address"


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def sign_up(username: str, email: str, address: str = "10.0.0.1"):
    form = {"username": username, "email": email, "time_zone": "UTC"}
    form |= {"password1": "a-long-enough-phrase", "password2": "a-long-enough-phrase"}
    return Client().post(reverse("signup"), form, REMOTE_ADDR=address, follow=True)


def words(answer) -> str:
    """What the page says, without the name and address typed."""
    text = answer.content.decode()
    for typed in ("copycat", "newcomer", "france@example.com", "fresh@example.com"):
        text = text.replace(typed, "X")
    return text.split("<main", 1)[-1].split("</main>", 1)[0]


def test_signing_up_with_a_taken_address_looks_like_any_sign_up(
    people: Personas, mailoutbox, on_commit
) -> None:
    with on_commit(execute=True):
        taken = sign_up("copycat", "FRANCE@example.com")
        free = sign_up("newcomer", "fresh@example.com", address="10.0.0.2")
    assert taken.status_code == free.status_code == 200
    assert "already" not in taken.content.decode()
    assert words(taken).replace("FRANCE@example.com", "X") == words(free)
    assert "We sent a link to FRANCE@example.com" in taken.content.decode()
    assert "We sent a link to fresh@example.com" in free.content.decode()
    copycat = get_user_model().objects.get(username="copycat")
    assert not is_confirmed(copycat)
    to_france = [mail for mail in mailoutbox if mail.to == ["france@example.com"]]
    [notice] = to_france  # no confirmation link: the owner is told instead
    assert NOTICE in notice.subject and "france" in notice.body
    assert "/accounts/address/" not in notice.body and "copycat" not in notice.body


def test_the_profile_asks_for_a_taken_address_as_for_any(
    people: Personas, mailoutbox, on_commit
) -> None:
    client = people.client("player")
    with on_commit(execute=True):
        taken = client.post(
            reverse("profile"),
            {"email": "germany@example.com", "password": PASSWORD, "time_zone": "UTC"},
            follow=True,
        )
    assert "already" not in taken.content.decode()
    assert "Saved. We sent links to germany@example.com" in taken.content.decode()
    [to_germany] = [mail for mail in mailoutbox if mail.to == ["germany@example.com"]]
    assert NOTICE in to_germany.subject and "/accounts/address-change/" not in to_germany.body
    assert get_user_model().objects.get(username="france").email == "france@example.com"


def test_the_owner_is_told_a_few_times_a_day_at_most(
    people: Personas, mailoutbox, on_commit, settings
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "address_notice": Rate(2, 86400)}
    with on_commit(execute=True):
        for n in range(4):
            sign_up(f"copycat{n}", "france@example.com", address=f"10.0.1.{n}")
    assert len([mail for mail in mailoutbox if mail.to == ["france@example.com"]]) == 2


def test_the_profiles_password_check_counts_as_a_sign_in_attempt(people: Personas) -> None:
    client = people.client("player")
    change = {"email": "thief@example.com", "time_zone": "UTC"}
    answers = [
        client.post(
            reverse("profile"), {**change, "password": f"wrong-{n}"}, REMOTE_ADDR="10.0.0.9"
        )
        for n in range(LIMIT)
    ]
    assert [answer.status_code for answer in answers] == [200] * (LIMIT - 1) + [429]
    assert AccessAttempt.objects.get(username="france").failures_since_start == LIMIT
    paused = client.post(
        reverse("profile"), {**change, "password": PASSWORD}, REMOTE_ADDR="10.0.0.9"
    )
    assert paused.status_code == 429 and int(paused["Retry-After"]) > 0
