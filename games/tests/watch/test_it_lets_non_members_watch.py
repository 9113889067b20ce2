"""Spectators: the game master's switch, the watch link, and what a spectator
sees (the observer's view, never press, nothing to act on)."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas, forming_game, start
from games.tests.web.test_it_forms_games import GOOD


def watched_game(people: Personas, allowed: bool = True) -> Game:
    game = forming_game(people, preset="dc2005")
    start(game, people)
    actions.set_spectators_allowed(game, people.gm, allowed)
    game.refresh_from_db()
    return game


def test_it_offers_watching_on_the_new_game_form(people: Personas) -> None:
    people.client("gm").post(reverse("game_create"), {**GOOD, "spectators_allowed": "on"})
    assert Game.objects.get(name=GOOD["name"]).spectators_allowed


def test_it_keeps_games_closed_to_watchers_by_default(people: Personas) -> None:
    people.client("gm").post(reverse("game_create"), GOOD)
    assert not Game.objects.get(name=GOOD["name"]).spectators_allowed


def test_it_switches_watching_from_the_console(people: Personas) -> None:
    game = watched_game(people, allowed=False)
    url = reverse("console_spectators", args=[game.pk])
    people.client("gm").post(url, {"allowed": "on"})
    game.refresh_from_db()
    assert game.spectators_allowed
    assert game.log.filter(action="spectators", detail="allowed").exists()
    console = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    assert f"{settings.SITE_URL}/games/{game.pk}/" in console
    people.client("gm").post(url, {})
    game.refresh_from_db()
    assert not game.spectators_allowed


def test_it_refuses_the_switch_to_players(people: Personas) -> None:
    game = watched_game(people, allowed=False)
    response = people.client("player").post(reverse("console_spectators", args=[game.pk]), {})
    game.refresh_from_db()
    assert response.status_code == 403 and not game.spectators_allowed


def test_it_shows_a_spectator_the_observers_view(people: Personas) -> None:
    game = watched_game(people)
    html = people.client("stranger").get(reverse("game", args=[game.pk])).content.decode()
    assert "you are watching" in html and "What an observer sees" in html
    assert "orders-form" not in html and "A PAR" not in html


def test_it_gives_a_spectator_no_press(people: Personas) -> None:
    game = watched_game(people)
    client = people.client("stranger")
    assert b"Press</a>" not in client.get(reverse("game", args=[game.pk])).content
    assert client.get(reverse("game_press", args=[game.pk])).status_code == 404
    send = client.post(reverse("game_press_send", args=[game.pk]), {"body": "hello"})
    assert send.status_code == 404


def test_it_lets_a_spectator_act_on_nothing(people: Personas) -> None:
    game = watched_game(people)
    client = people.client("stranger")
    orders = client.post(reverse("game_orders", args=[game.pk]), {"typed": "A Par H"})
    propose = client.post(
        reverse("game_propose", args=[game.pk]), {"kind": "draw", "confirm": "on"}
    )
    assert (orders.status_code, propose.status_code) == (404, 404)
    assert not game.phases.get().order_sheets.exists()


def test_it_refuses_watchers_as_if_the_game_did_not_exist(people: Personas) -> None:
    game = watched_game(people, allowed=False)
    client = people.client("stranger")
    refused = client.get(reverse("game", args=[game.pk]))
    missing = client.get(reverse("game", args=[game.pk + 1000]))
    assert refused.status_code == missing.status_code == 404
    assert refused.content == missing.content


def test_it_asks_the_signed_out_to_sign_in(people: Personas) -> None:
    game = watched_game(people)
    response = people.client("anonymous").get(reverse("game", args=[game.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_shows_a_spectator_only_the_observers_records(people: Personas) -> None:
    game = watched_game(people)
    client = people.client("stranger")
    own = client.get(reverse("game_map_latest", args=[game.pk]))
    france = client.get(reverse("game_map_latest", args=[game.pk]) + "?power=FRANCE")
    full = client.get(reverse("game_history", args=[game.pk]) + "?power=ALL")
    assert own.status_code == 200 and own["Content-Type"] == "image/png"
    assert (france.status_code, full.status_code) == (404, 404)
