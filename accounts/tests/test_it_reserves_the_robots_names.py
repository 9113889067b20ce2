"""Names beginning `caretaker-` or `practice-` are the site's own accounts
(the caretaker's, a practice game's game master): sign-up refuses them,
saying why, whatever their case."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.forms import RESERVED_NAME


def sign_up(client, username: str):
    data = {
        "username": username,
        "email": f"{username.lower()}@example.com",
        "password1": "a-long-pass-phrase",
        "password2": "a-long-pass-phrase",
        "time_zone": "UTC",
    }
    return client.post(reverse("signup"), data)


@pytest.mark.parametrize("name", ["caretaker-12-austria-1", "practice-0a1b", "Caretaker-x"])
def test_it_refuses_a_robots_name(client, db, name):
    answer = sign_up(client, name)
    assert answer.status_code == 200
    assert RESERVED_NAME in html.unescape(answer.content.decode())
    assert not get_user_model().objects.filter(username=name).exists()


def test_a_name_that_only_mentions_them_is_free(client, db):
    assert sign_up(client, "my-caretaker-practice").status_code == 302
