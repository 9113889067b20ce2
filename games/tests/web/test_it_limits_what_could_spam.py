"""Sign-ups, invitations, press and the live order check are limited, so none
can be used to spam people or hammer the site; each refusal says why."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from fogdip.env import Rate
from games.models import Game, Invitation
from games.tests.web.conftest import Personas, forming_game

LIMIT = 3


@pytest.fixture(autouse=True)
def small_limits(settings) -> None:
    settings.RATE_LIMITS = {name: Rate(LIMIT, 3600) for name in settings.RATE_LIMITS}


def sign_up_data(n: int) -> dict[str, str]:
    return {
        "username": f"newcomer{n}",
        "email": f"newcomer{n}@example.com",
        "password1": "a-long-pass-phrase",
        "password2": "a-long-pass-phrase",
        "time_zone": "UTC",
    }


def test_it_limits_sign_ups_from_one_address(client, db) -> None:
    for n in range(LIMIT):
        assert client.post(reverse("signup"), sign_up_data(n)).status_code == 302
        client.logout()
    refused = client.post(reverse("signup"), sign_up_data(LIMIT))
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many sign-ups from one address: at most 3 per hour" in page
    assert f'value="newcomer{LIMIT}"' in page  # what was typed is still in the form
    assert not get_user_model().objects.filter(username=f"newcomer{LIMIT}").exists()


def test_it_counts_sign_ups_per_address(client, db) -> None:
    for n in range(LIMIT):
        client.post(reverse("signup"), sign_up_data(n), REMOTE_ADDR="10.0.0.1")
        client.logout()
    other = client.post(reverse("signup"), sign_up_data(LIMIT), REMOTE_ADDR="10.0.0.2")
    assert other.status_code == 302


def test_it_limits_invitations(people: Personas) -> None:
    game = forming_game(people)
    gm = people.client("gm")
    url = reverse("console_invite", args=[game.pk])
    for n in range(LIMIT + 2):
        response = gm.post(url, {"email": f"friend{n}@example.org"}, follow=True)
    assert Invitation.objects.filter(game=game).count() == LIMIT
    assert "Too many invitations: at most 3 per hour" in response.content.decode()


def test_it_limits_press(people: Personas, game: Game) -> None:
    player = people.client("player")
    url = reverse("game_press_send", args=[game.pk])
    for n in range(LIMIT):
        player.post(url, {"recipients": ["GERMANY"], "body": f"Message {n}"})
    refused = player.post(url, {"recipients": ["GERMANY"], "body": "One too many"})
    assert "Too many press messages: at most 3 per hour" in refused.content.decode()
    assert "One too many" in refused.content.decode()  # the body is kept in the form
    assert game.press.count() == LIMIT


def test_it_limits_order_checks_per_person(people: Personas, game: Game) -> None:
    url = reverse("game_orders_check", args=[game.pk])
    body = json.dumps({"text": "A Par - Bur"})
    player = people.client("player")
    answers = [player.post(url, body, content_type="application/json") for _ in range(LIMIT + 1)]
    assert [a.status_code for a in answers] == [200] * LIMIT + [429]
    assert "Too many order checks" in answers[-1].json()["error"]
    other = people.client("other").post(url, body, content_type="application/json")
    assert other.status_code == 200  # Germany's checks are counted apart
