"""Press from the game master: to one, several or all powers, signed "Game
master", on each recipient's press page and by email through the outbox; a
power it was not sent to receives nothing different."""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse

from games.models import Game, PressMessage
from games.tests.web.conftest import Personas, forming_game, start
from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


def write(people: Personas, game: Game, to: list[str], body: str = "Deadline moved.") -> Any:
    url = reverse("console_message", args=[game.pk])
    return people.client("gm").post(url, {"recipients": to, "body": body})


def press_rows(game: Game) -> list[OutboxMessage]:
    return list(OutboxMessage.objects.filter(game=game, kind="press").order_by("power"))


def test_it_sends_to_one_power_by_page_and_email(people: Personas, game: Game) -> None:
    response = write(people, game, ["FRANCE"], "Your orders arrived by post.")
    assert response.status_code == 302
    message = PressMessage.objects.get(game=game)
    assert (message.sender_power, message.sender_user) == ("", people.gm)
    assert [row.power for row in press_rows(game)] == ["FRANCE"]
    email = build_message(draft_of(press_rows(game)[0]))
    assert "From: Game master" in email.body and "To: France" in email.body
    assert "Your orders arrived by post." in email.body
    page = people.client("player").get(reverse("game_press", args=[game.pk])).content.decode()
    assert "Game master" in page and "Your orders arrived by post." in page
    assert game.log.filter(action="game master press", actor=people.gm).exists()


def test_it_sends_to_everyone(people: Personas, game: Game) -> None:
    write(people, game, ["EVERYONE"])
    assert [row.power for row in press_rows(game)] == ["FRANCE", "GERMANY"]
    assert PressMessage.objects.get(game=game).broadcast


def test_it_sends_to_several_powers(people: Personas, game: Game) -> None:
    write(people, game, ["GERMANY", "FRANCE"])
    email = build_message(draft_of(press_rows(game)[1]))
    assert "To: France, Germany" in email.body


def test_it_keeps_the_message_when_no_power_is_chosen(people: Personas, game: Game) -> None:
    response = write(people, game, [], "Keep this text")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Choose at least one power, or everyone." in html
    assert "Keep this text</textarea>" in html
    assert not PressMessage.objects.exists()


def test_it_refuses_a_gunboat_game(people: Personas) -> None:
    game = forming_game(people, press_mode="none")
    start(game, people)
    response = write(people, game, ["FRANCE"])
    assert response.status_code == 400
    assert "gunboat" in response.content.decode()


def test_it_goes_through_when_players_press_is_closed(people: Personas, game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(press_open=False)
    write(people, game, ["FRANCE"])
    assert PressMessage.objects.filter(game=game).count() == 1


def test_no_player_may_sign_as_the_game_master(people: Personas, game: Game) -> None:
    url = reverse("game_press_send", args=[game.pk])
    data = {"recipients": ["GERMANY"], "body": "Orders void!", "shown_as": "GM"}
    people.client("player").post(url, data)
    assert not PressMessage.objects.filter(shown_as="GM").exists()


def germanys_press(people: Personas, game: Game) -> list[bytes]:
    client = people.client("other")
    pages = [reverse("game_press", args=[game.pk]), reverse("game_press_json", args=[game.pk])]
    return [
        TOKEN.sub(b"", client.get(url).content).replace(f"/{game.pk}/".encode(), b"/N/")
        for url in pages
    ]


def test_a_power_not_written_to_receives_nothing_different(people: Personas) -> None:
    quiet, written = forming_game(people, "dc2005"), forming_game(people, "dc2005")
    for game in (quiet, written):
        start(game, people)
    write(people, written, ["FRANCE"], "Only for France")
    assert germanys_press(people, quiet) == germanys_press(people, written)
    assert not OutboxMessage.objects.filter(game=written, kind="press", power="GERMANY").exists()
