"""An address is confirmed by a signed link; a new address must be confirmed again."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.verification import confirmation_token, is_confirmed
from fogdip.env import Rate
from games.tests.web.conftest import Personas, client_for

SIGN_UP = {
    "username": "newbie",
    "email": "newbie@example.com",
    "password1": "a-long-pass-phrase",
    "password2": "a-long-pass-phrase",
    "time_zone": "UTC",
}


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """The confirmation email goes out once the sign-up commits."""
    return django_capture_on_commit_callbacks


def link_in(body: str) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/address/[^/\s]+/)", body)
    assert found is not None, body
    return found.group(1)


def test_sign_up_sends_a_link_that_confirms_the_address(client, db, mailoutbox, on_commit):
    with on_commit(execute=True):
        client.post(reverse("signup"), SIGN_UP)
    user = get_user_model().objects.get(username="newbie")
    assert not is_confirmed(user)
    [mail] = mailoutbox
    assert mail.to == ["newbie@example.com"] and "Confirm" in mail.subject
    page = Client().get(link_in(mail.body))  # opened anywhere, signed in or not
    assert "newbie@example.com</strong> is confirmed" in page.content.decode()
    assert is_confirmed(user)


def test_an_unconfirmed_player_is_told_on_every_page(client, db, mailoutbox) -> None:
    client.post(reverse("signup"), SIGN_UP)
    page = client.get(reverse("dashboard")).content.decode()
    assert "is not confirmed yet, so no game email is sent to it" in page
    explained = client.get(reverse("confirm_address")).content.decode()
    assert "Until you follow the link we sent to it, FogDip sends you no game email" in explained
    assert reverse("resend_confirmation") in explained


def test_a_confirmed_player_sees_no_warning(people: Personas) -> None:
    page = people.client("player").get(reverse("dashboard")).content.decode()
    assert "not confirmed yet" not in page


def test_the_link_can_be_sent_again(client, db, mailoutbox, settings, on_commit) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "verification": Rate(2, 3600)}
    with on_commit(execute=True):
        client.post(reverse("signup"), SIGN_UP)
        answers = [client.post(reverse("resend_confirmation")).status_code for _ in range(3)]
    assert answers == [302, 302, 429]
    assert len(mailoutbox) == 3  # the sign-up's and two more


def test_a_forged_link_confirms_nothing(people: Personas) -> None:
    page = client_for(None).get(reverse("verify_email", args=["eyJ1c2VyIjoxfQ:forged:sig"]))
    assert page.status_code == 400
    assert "not one we sent" in page.content.decode()


def test_the_demo_players_are_confirmed(db) -> None:
    call_command("seed_demo", stdout=StringIO())
    users = get_user_model().objects.all()
    assert users.count() == 8 and all(is_confirmed(user) for user in users)


def test_changing_the_address_needs_the_password(people: Personas, mailoutbox) -> None:
    wrong = {"email": "thief@example.com", "password": "not-it", "time_zone": "UTC"}
    page = people.client("player").post(reverse("profile"), wrong)
    assert page.status_code == 200
    assert "Enter your current password to change your address" in page.content.decode()
    assert "thief@example.com" in page.content.decode()  # what was typed stays
    assert get_user_model().objects.get(username="france").email == "france@example.com"


def test_the_time_zone_alone_needs_no_password(people: Personas) -> None:
    same = {"email": "france@example.com", "time_zone": "Europe/Paris"}
    assert people.client("player").post(reverse("profile"), same).status_code == 302


def test_a_second_account_cannot_confirm_a_confirmed_address(people: Personas) -> None:
    copycat = get_user_model().objects.create_user("copycat", "france@example.com", "x")
    page = client_for(None).get(reverse("verify_email", args=[confirmation_token(copycat)]))
    assert page.status_code == 400
    assert "Another account has confirmed this address" in page.content.decode()
    assert not is_confirmed(copycat)


def test_a_reset_goes_only_to_the_account_that_confirmed_the_address(
    people: Personas, client, mailoutbox
) -> None:
    get_user_model().objects.create_user("copycat", "france@example.com", "x")
    client.post(reverse("password_reset"), {"email": "france@example.com"})
    [mail] = mailoutbox
    assert "france" in mail.body and "copycat" not in mail.body
