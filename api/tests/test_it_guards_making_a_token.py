"""Making a token on the settings page asks for the password (counted by the
sign-in throttle like a sign-in), tells the owner's address, is limited per
day whatever is revoked since, and a play token needs a confirmed address."""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model

from api.models import ApiToken
from fogdip.env import Rate
from games.tests.web.conftest import PASSWORD, Personas, client_for

LIMIT = 5  # LOGIN_FAILURE_LIMIT's default


def make(client, password: str = PASSWORD, scope: str = "play", name: str = "bot"):
    form = {"name": name, "scope": scope, "password": password}
    return client.post("/accounts/tokens/", form, REMOTE_ADDR="10.0.0.1")


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def test_a_wrong_password_makes_no_token_and_counts_as_a_wrong_sign_in(people: Personas) -> None:
    answer = make(client_for(people.player), password="not-it")
    assert answer.status_code == 200
    assert "That is not your password" in answer.content.decode()
    assert not ApiToken.objects.exists()
    assert AccessAttempt.objects.get(username="france").failures_since_start == 1


def test_guessing_there_is_paused_like_signing_in(people: Personas) -> None:
    client = client_for(people.player)
    answers = [make(client, password=f"wrong-{n}").status_code for n in range(LIMIT)]
    assert answers == [200] * (LIMIT - 1) + [429]
    paused = make(client)  # the right password, from the paused address
    assert paused.status_code == 429 and int(paused["Retry-After"]) > 0
    assert not ApiToken.objects.exists()


def test_the_owner_is_told_of_each_token_and_never_its_secret(
    people: Personas, mailoutbox, on_commit
) -> None:
    with on_commit(execute=True):
        page = make(client_for(people.player), name="my phone").content.decode()
    [secret] = re.findall(r"<code>(fogdip_[\w-]{40,})</code>", page)
    [mail] = mailoutbox
    assert mail.to == ["france@example.com"]
    assert "API token" in mail.subject
    assert "my phone" in mail.body and secret[:12] in mail.body and secret not in mail.body
    assert "/accounts/tokens/" in mail.body


def test_tokens_made_a_day_are_capped_revoked_or_not(people: Personas, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api_tokens": Rate(3, 86400)}
    client = client_for(people.player)
    for n in range(3):
        assert make(client, name=f"bot {n}").status_code == 200
    ApiToken.objects.update(revoked="2026-01-01T00:00:00Z")
    refused = make(client, name="one more")
    assert refused.status_code == 429
    assert 86000 < int(refused["Retry-After"]) <= 86400
    assert "Too many API tokens made: at most 3 per day" in refused.content.decode()
    assert ApiToken.objects.count() == 3


def test_an_unconfirmed_account_gets_no_play_token(people: Personas, mailoutbox) -> None:
    newcomer = get_user_model().objects.create_user("newcomer", "new@example.com", PASSWORD)
    client = client_for(newcomer)
    refused = make(client)
    assert "Confirm your address first" in refused.content.decode()
    assert not ApiToken.objects.filter(scope="play").exists()
    assert make(client, scope="read").status_code == 200
    assert ApiToken.objects.filter(user=newcomer, scope="read").exists()
