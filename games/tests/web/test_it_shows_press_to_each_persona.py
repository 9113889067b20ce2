"""Every press view for each persona, and where press is linked from."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas, forming_game, start

PERSONAS = ["gm", "player", "other", "observer", "stranger", "anonymous"]
MESSAGE = {"recipients": ["GERMANY"], "body": "Hello from Paris."}

PRESS_PAGES = [
    ("game_press", [200, 200, 200, 200, 404, 302]),
    ("game_press_json", [200, 200, 200, 200, 404, 302]),
]


@pytest.mark.parametrize(("name", "statuses"), PRESS_PAGES)
def test_it_answers_each_persona(people: Personas, game: Game, name: str, statuses) -> None:
    url = reverse(name, args=[game.pk])
    assert [people.client(p).get(url).status_code for p in PERSONAS] == statuses


def test_it_takes_messages_from_players_only(people: Personas, game: Game) -> None:
    url = reverse("game_press_send", args=[game.pk])
    got = [people.client(p).post(url, MESSAGE).status_code for p in PERSONAS]
    assert got == [403, 302, 400, 403, 404, 302]  # Germany may not write to itself alone


@pytest.mark.parametrize("name", ["game_press", "game_press_json"])
def test_it_has_no_press_pages_in_gunboat_games(people: Personas, name: str) -> None:
    game = forming_game(people, press_mode="none")
    start(game, people)
    url = reverse(name, args=[game.pk])
    assert [people.client(p).get(url).status_code for p in PERSONAS[:3]] == [404, 404, 404]


def test_it_refuses_gunboat_messages(people: Personas) -> None:
    game = forming_game(people, press_mode="none")
    start(game, people)
    response = people.client("player").post(reverse("game_press_send", args=[game.pk]), MESSAGE)
    assert response.status_code == 404
    assert not game.press.exists()


def test_it_links_press_from_the_game_and_the_console(people: Personas, game: Game) -> None:
    press_url = reverse("game_press", args=[game.pk])
    for persona, page in (("player", "game"), ("gm", "console")):
        html = people.client(persona).get(reverse(page, args=[game.pk])).content.decode()
        assert f'href="{press_url}"' in html


def test_it_shows_no_press_link_in_gunboat_games(people: Personas) -> None:
    game = forming_game(people, press_mode="none")
    start(game, people)
    press_url = reverse("game_press", args=[game.pk])
    for persona, page in (("player", "game"), ("gm", "console")):
        html = people.client(persona).get(reverse(page, args=[game.pk])).content.decode()
        assert press_url not in html


def test_it_shows_the_game_master_every_message_on_the_console(
    people: Personas, game: Game
) -> None:
    actions.send_press(game, people.player, "FRANCE", ["GERMANY"], "Secret plan.", "FRANCE")
    html = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    assert "Secret plan." in html
    assert "France (france)" in html


def test_it_sends_from_the_form(people: Personas, game: Game) -> None:
    response = people.client("player").post(reverse("game_press_send", args=[game.pk]), MESSAGE)
    assert response.status_code == 302
    page = people.client("other").get(reverse("game_press", args=[game.pk])).content.decode()
    assert "Hello from Paris." in page


def test_it_keeps_what_the_player_typed_when_refused(people: Personas, game: Game) -> None:
    url = reverse("game_press_send", args=[game.pk])
    typed = {"recipients": ["GERMANY"], "body": "x" * 5001}
    response = people.client("player").post(url, typed)
    html = response.content.decode()
    assert response.status_code == 400
    assert "at most 5000 characters" in html
    assert "x" * 5001 in html
    assert 'value="GERMANY" id="id_recipients_1" checked' in html


def test_it_names_the_rule_a_message_breaks(people: Personas, game: Game) -> None:
    actions.set_press_open(game, people.gm, False)
    url = reverse("game_press_send", args=[game.pk])
    response = people.client("player").post(url, MESSAGE)
    html = response.content.decode()
    assert response.status_code == 400
    assert "The game master has closed press for now." in html
    assert "Hello from Paris." in html


def test_it_answers_json_with_the_viewers_press(people: Personas, game: Game) -> None:
    actions.send_press(game, people.player, "FRANCE", ["GERMANY"], "Bonjour.", "FRANCE")
    data = people.client("other").get(reverse("game_press_json", args=[game.pk])).json()
    # Only France and Germany are seated: to Germany is to every power but its sender.
    assert [(m["sender"], m["to"], m["body"]) for m in data["messages"]] == [
        ("France", "Everyone", "Bonjour.")
    ]
    assert data["messages"][0]["true_sender"] == ""


def test_it_switches_press_from_the_console(people: Personas, game: Game) -> None:
    url = reverse("console_press", args=[game.pk])
    assert people.client("player").post(url, {"open": ""}).status_code == 403
    people.client("gm").post(url, {"open": ""})
    game.refresh_from_db()
    assert not game.press_open
    assert game.log.filter(action="press", detail="closed").exists()
    people.client("gm").post(url, {"open": "on"})
    game.refresh_from_db()
    assert game.press_open


def test_it_shows_what_players_type_as_text(people: Personas, game: Game) -> None:
    body = "<script>alert('x')</script>\nSecond line"
    actions.send_press(game, people.player, "FRANCE", ["GERMANY"], body, "FRANCE")
    html = people.client("other").get(reverse("game_press", args=[game.pk])).content.decode()
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;<br>Second line" in html


def test_it_shows_the_console_only_the_latest_press(people: Personas, game: Game) -> None:
    for n in range(7):
        actions.send_press(game, people.player, "FRANCE", ["GERMANY"], f"Note {n}.", "FRANCE")
    html = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    assert "Note 6." in html
    assert "Note 1." not in html
