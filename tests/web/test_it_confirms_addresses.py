"""An address is confirmed by a signed link; a new address must be confirmed again."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from fogdip.env import Rate
from games.mail.verification import confirmation_token, is_confirmed
from tests.web.conftest import Personas, client_for

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


def test_changing_the_address_asks_for_confirmation_again(people, mailoutbox, on_commit):
    player = people.client("player")
    with on_commit(execute=True):
        player.post(reverse("profile"), {"email": "new-france@example.com", "time_zone": "UTC"})
    user = get_user_model().objects.get(username="france")
    assert user.email == "new-france@example.com" and not is_confirmed(user)
    [mail] = mailoutbox
    assert mail.to == ["new-france@example.com"]
    player.get(link_in(mail.body))
    assert is_confirmed(user)


def test_a_link_for_the_old_address_does_not_confirm_the_new_one(people: Personas) -> None:
    old_link = reverse("verify_email", args=[confirmation_token(people.player)])
    people.client("player").post(
        reverse("profile"), {"email": "new-france@example.com", "time_zone": "UTC"}
    )
    page = client_for(None).get(old_link)
    assert page.status_code == 400
    assert "an address your account no longer has" in page.content.decode()
    assert not is_confirmed(get_user_model().objects.get(username="france"))


def test_a_forged_link_confirms_nothing(people: Personas) -> None:
    page = client_for(None).get(reverse("verify_email", args=["eyJ1c2VyIjoxfQ:forged:sig"]))
    assert page.status_code == 400
    assert "not one we sent" in page.content.decode()


def test_the_demo_players_are_confirmed(db) -> None:
    call_command("seed_demo", stdout=StringIO())
    users = get_user_model().objects.all()
    assert users.count() == 8 and all(is_confirmed(user) for user in users)
