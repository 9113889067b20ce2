"""Sign up and sign in with our own templates."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import Profile
from games.tests.web.conftest import PASSWORD, Personas


def test_it_signs_up_and_signs_in(client, db) -> None:
    response = client.post(
        reverse("signup"),
        {
            "username": "newbie",
            "email": "newbie@example.com",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
            "time_zone": "Europe/Rome",
        },
    )
    assert response["Location"] == reverse("dashboard")
    user = get_user_model().objects.get(username="newbie")
    assert Profile.objects.get(user=user).time_zone == "Europe/Rome"
    assert client.get(reverse("dashboard")).status_code == 200


def test_it_keeps_the_form_on_a_mismatch(client, db) -> None:
    data = {"username": "newbie", "email": "n@example.com", "password1": "a-long-pass-phrase"}
    response = client.post(reverse("signup"), {**data, "password2": "different-phrase"})
    assert response.status_code == 200
    assert 'value="newbie"' in response.content.decode()
    assert not get_user_model().objects.filter(username="newbie").exists()


def test_it_signs_in(people: Personas, client) -> None:
    response = client.post(reverse("login"), {"username": "france", "password": PASSWORD})
    assert response["Location"] == reverse("dashboard")


def test_it_follows_next_after_signing_up(client, db) -> None:
    data = {
        "username": "joiner",
        "email": "j@example.com",
        "password1": "a-long-pass-phrase",
        "password2": "a-long-pass-phrase",
        "time_zone": "UTC",
        "next": "/join/abc/",
    }
    assert client.post(reverse("signup"), data)["Location"] == "/join/abc/"
