"""Every page for each persona: the status each one gets."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.tests.web.conftest import Personas

PERSONAS = ["gm", "player", "other", "observer", "stranger", "anonymous"]

# url name, extra args, query, then the status for each persona in PERSONAS order
GAME_PAGES = [
    ("game", [], "", [302, 200, 200, 200, 404, 302]),
    ("console", [], "", [200, 403, 403, 403, 404, 302]),
    ("console", [], "?power=FRANCE", [200, 403, 403, 403, 404, 302]),
    ("game_log", [], "", [200, 403, 403, 403, 404, 302]),
    ("game_history", [], "", [200, 200, 200, 200, 404, 302]),
    ("game_history", [], "?power=GERMANY", [200, 404, 200, 404, 404, 302]),
    ("game_history_phase", [0], "", [200, 200, 200, 200, 404, 302]),
    ("game_history_phase", [9], "", [404, 404, 404, 404, 404, 302]),
    ("game_map_latest", [], "", [200, 200, 200, 200, 404, 302]),
    ("game_map_latest", [], "?power=FRANCE", [200, 200, 404, 404, 404, 302]),
    ("game_map", [0], "?power=ALL", [200, 404, 404, 404, 404, 302]),
]


@pytest.mark.parametrize(("name", "args", "query", "statuses"), GAME_PAGES)
def test_it_answers_each_persona(people: Personas, game: Game, name, args, query, statuses):
    url = reverse(name, args=[game.pk, *args]) + query
    got = [people.client(persona).get(url).status_code for persona in PERSONAS]
    assert got == statuses


GAME_POSTS = [
    ("game_orders_check", [404, 200, 200, 404, 404, 302]),
    ("game_ready", [302, 302, 302, 302, 404, 302]),
    ("console_pause", [302, 403, 403, 403, 404, 302]),
    ("console_process", [302, 403, 403, 403, 404, 302]),
]


@pytest.mark.parametrize(("name", "statuses"), GAME_POSTS)
def test_it_answers_each_persona_posting(people: Personas, game: Game, name, statuses):
    url = reverse(name, args=[game.pk])
    got = [people.client(persona).post(url, {}).status_code for persona in PERSONAS]
    assert got == statuses


@pytest.mark.parametrize("name", ["dashboard", "game_create", "profile"])
def test_it_sends_nobody_to_sign_in(people: Personas, name: str) -> None:
    response = people.client("anonymous").get(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["dashboard", "game_create", "profile"])
def test_it_shows_signed_in_pages(people: Personas, name: str) -> None:
    assert people.client("stranger").get(reverse(name)).status_code == 200


@pytest.mark.parametrize("name", ["home", "login", "signup"])
def test_it_shows_public_pages(people: Personas, name: str) -> None:
    assert people.client("anonymous").get(reverse(name)).status_code == 200


def test_it_refuses_a_join_link_that_does_not_exist(people: Personas) -> None:
    response = people.client("stranger").get(reverse("join", args=["nope"]))
    assert response.status_code == 404


def test_it_serves_maps_as_png(people: Personas, game: Game) -> None:
    response = people.client("player").get(reverse("game_map_latest", args=[game.pk]))
    assert response["Content-Type"] == "image/png"
    assert response.content.startswith(b"\x89PNG")


def test_it_lets_browsers_keep_only_past_maps(people: Personas, game: Game) -> None:
    client = people.client("player")
    latest = client.get(reverse("game_map_latest", args=[game.pk]))
    past = client.get(reverse("game_map", args=[game.pk, 0]))
    assert latest["Cache-Control"] == "private, no-cache"
    assert past["Cache-Control"] == "private, max-age=86400"
