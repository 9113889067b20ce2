"""A new password, by the emailed reset link or on the password page, ends
what the old one opened: the person's other sessions and every API token
made before it; the owner's address is told. The page asks for the current
password, counted by the sign-in throttle like a sign-in."""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.sessions import SignedInSession
from api.tests.conftest import api_for
from games.tests.web.conftest import PASSWORD, Personas

NEW = "a-brand-new-phrase"
LIMIT = 5  # LOGIN_FAILURE_LIMIT's default


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def signed_in(username: str = "france") -> Client:
    """A browser signed in through the sign-in page, as a person signs in."""
    browser = Client()
    form = {"username": username, "password": PASSWORD}
    assert browser.post(reverse("login"), form).status_code == 302
    return browser


def is_signed_in(browser: Client) -> bool:
    return browser.get(reverse("profile")).status_code == 200


def change(browser: Client, old: str = PASSWORD, new: str = NEW):
    form = {"old_password": old, "new_password1": new, "new_password2": new}
    return browser.post(reverse("password_change"), form, REMOTE_ADDR="10.0.0.1")


def reset_by_email(mailoutbox, email: str = "france@example.com") -> None:
    client = Client()
    client.post(reverse("password_reset"), {"email": email})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", mailoutbox[-1].body)
    assert link is not None
    form_page = client.get(link.group(1), follow=True)
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}
    )
    assert done.status_code == 302


def test_the_profile_links_to_the_password_page(people: Personas) -> None:
    page = people.client("player").get(reverse("profile")).content.decode()
    assert reverse("password_change") in page


def test_a_reset_ends_the_api_tokens_and_the_sessions(
    people: Personas, mailoutbox, on_commit
) -> None:
    bot, other_players_bot = api_for(people.player), api_for(people.other)
    elsewhere = signed_in()
    with on_commit(execute=True):
        reset_by_email(mailoutbox)
    assert bot.get("/games").status_code == 401
    assert other_players_bot.get("/games").status_code == 200
    assert not is_signed_in(elsewhere)
    assert not SignedInSession.objects.filter(user_id=people.player.pk).exists()
    told = mailoutbox[-1]
    assert told.to == ["france@example.com"] and "password was changed" in told.subject
    assert "reset link" in told.body


def test_a_token_made_after_the_reset_works(people: Personas, mailoutbox) -> None:
    reset_by_email(mailoutbox)
    assert api_for(people.player).get("/games").status_code == 200


def test_the_page_changes_it_keeping_this_session_only(
    people: Personas, mailoutbox, on_commit
) -> None:
    here, elsewhere, bot = signed_in(), signed_in(), api_for(people.player)
    with on_commit(execute=True):
        assert change(here)["Location"] == reverse("profile")
    assert get_user_model().objects.get(username="france").check_password(NEW)
    assert "tokens were revoked" in here.get(reverse("profile")).content.decode()
    assert is_signed_in(here) and not is_signed_in(elsewhere)
    assert SignedInSession.objects.filter(user_id=people.player.pk).count() == 1
    assert bot.get("/games").status_code == 401
    [told] = [mail for mail in mailoutbox if "password was changed" in mail.subject]
    assert told.to == ["france@example.com"] and "with the old password" in told.body


def test_a_wrong_current_password_changes_nothing_and_counts(people: Personas) -> None:
    here, bot = signed_in(), api_for(people.player)
    answer = change(here, old="not-it")
    assert answer.status_code == 200
    assert "Your old password was entered incorrectly" in answer.content.decode()
    assert get_user_model().objects.get(username="france").check_password(PASSWORD)
    assert bot.get("/games").status_code == 200
    assert AccessAttempt.objects.get(username="france", ip_address="10.0.0.1")


def test_guessing_on_the_page_is_paused_like_signing_in(people: Personas) -> None:
    here = signed_in()
    answers = [change(here, old=f"wrong-{n}").status_code for n in range(LIMIT)]
    assert answers == [200] * (LIMIT - 1) + [429]
    paused = change(here)  # the right password, from the paused address
    assert paused.status_code == 429 and int(paused["Retry-After"]) > 0
    assert get_user_model().objects.get(username="france").check_password(PASSWORD)


def test_nobody_signed_in_is_sent_to_sign_in(db) -> None:
    answer = Client().get(reverse("password_change"))
    assert answer.status_code == 302 and reverse("login") in answer["Location"]
