"""A form left open across an adjudication acts on nothing: orders, "ready",
votes, the game master's orders for a power and "process now" each name the
phase they were made for, and a post for a phase that has moved on is
refused with the phase open now, keeping what was typed."""

from __future__ import annotations

import re
from html import unescape

from django.test import Client
from django.urls import reverse

from games import actions
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.models import Game, OrderSheet
from games.tests.web.conftest import Personas, open_phase
from games.votes.models import Ballot, Proposal

MOVED_ON = "the phase has moved on: Fall 1901 movement is open now"


def phase_fields(html: str, action: str) -> list[str]:
    """The phase each form posting to ``action`` names."""
    forms = re.findall(rf'<form[^>]*action="{re.escape(action)}"[^>]*>(.*?)</form>', html, re.S)
    return [m for form in forms for m in re.findall(r'name="phase" value="([^"]*)"', form)]


def old_phase_id(people: Personas, game: Game, action: str, who: str = "player") -> str:
    """The phase a form on the page names, read from the page; then the phase
    is processed, as if the game master did it while the tab stayed open."""
    page = "console_orders" if who == "gm" else "game"
    html = people.client(who).get(reverse(page, args=[game.pk])).content.decode()
    (named,) = set(phase_fields(html, action))
    assert named == open_phase(game).name
    adjudicate(game)
    assert open_phase(game).name == "F1901M"
    return named


def adjudicate(game: Game) -> None:
    """The open phase processed, as the game master's "process now" would."""
    phase = open_phase(game)
    assert claim_phase_now(phase)
    adjudicate_phase(phase.pk)


def messages_of(client: Client, game: Game) -> str:
    return unescape(client.get(reverse("game", args=[game.pk])).content.decode())


def test_every_form_names_the_open_phase(people: Personas, game: Game) -> None:
    html = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    phase = open_phase(game).name
    for name in ("game_orders", "game_ready", "game_propose"):
        assert set(phase_fields(html, reverse(name, args=[game.pk]))) == {phase}, name


def test_it_refuses_stale_orders_and_keeps_what_was_typed(people: Personas, game: Game) -> None:
    url = reverse("game_orders", args=[game.pk])
    named = old_phase_id(people, game, url)
    data = {"phase": named, "row_0": "A MAR - SPA", "typed": "A Par - Bur\nF Bre - Mao"}
    response = people.client("player").post(url, data)
    html = unescape(response.content.decode())
    assert response.status_code == 409
    assert MOVED_ON in html
    assert "A MAR - SPA\nA Par - Bur\nF Bre - Mao</textarea>" in html
    assert not OrderSheet.objects.filter(phase=open_phase(game), power="FRANCE").exists()


def test_it_takes_orders_for_the_phase_open_now(people: Personas, game: Game) -> None:
    url = reverse("game_orders", args=[game.pk])
    old_phase_id(people, game, url)
    data = {"phase": open_phase(game).name, "typed": "A Par - Bur"}
    assert people.client("player").post(url, data).status_code == 302
    sheet = OrderSheet.objects.get(phase=open_phase(game), power="FRANCE")
    assert sheet.parsed == ["A PAR - BUR"]


def test_it_refuses_a_stale_ready(people: Personas, game: Game) -> None:
    url = reverse("game_ready", args=[game.pk])
    named = old_phase_id(people, game, url)
    client = people.client("player")
    client.post(url, {"phase": named, "ready": "on"})
    assert not OrderSheet.objects.filter(phase=open_phase(game), ready=True).exists()
    assert MOVED_ON in messages_of(client, game)


def test_it_refuses_a_stale_proposal(people: Personas, game: Game) -> None:
    url = reverse("game_propose", args=[game.pk])
    named = old_phase_id(people, game, url)
    client = people.client("player")
    client.post(url, {"phase": named, "kind": "draw", "confirm": "on"})
    assert not Proposal.objects.filter(game=game).exists()
    assert MOVED_ON in messages_of(client, game)


def test_it_refuses_a_stale_vote(people: Personas, game: Game) -> None:
    actions.propose_draw(game, people.player, "FRANCE")
    url = reverse("game_vote", args=[game.pk])
    named = old_phase_id(people, game, url, who="other")
    client = people.client("other")
    client.post(url, {"phase": named, "vote": "no"})
    assert not Ballot.objects.filter(power="GERMANY").exists()
    assert MOVED_ON in messages_of(client, game)


def test_it_refuses_the_game_masters_stale_orders(people: Personas, game: Game) -> None:
    url = reverse("console_orders", args=[game.pk])
    named = old_phase_id(people, game, url, who="gm")
    data = {"phase": named, "power": "FRANCE", "typed": "A Par - Bur"}
    response = people.client("gm").post(url, data)
    html = unescape(response.content.decode())
    assert response.status_code == 409
    assert MOVED_ON in html
    assert "A Par - Bur</textarea>" in html
    assert not OrderSheet.objects.filter(phase=open_phase(game)).exists()


def test_it_refuses_a_stale_process_now(people: Personas, game: Game) -> None:
    url = reverse("console_process", args=[game.pk])
    html = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    (named,) = phase_fields(html, url)
    adjudicate(game)
    fall = open_phase(game)
    people.client("gm").post(url, {"phase": named, "confirm": "on"})
    assert open_phase(game) == fall


def test_the_game_masters_stale_menu_picks_come_back_for_the_same_power(
    people: Personas, game: Game
) -> None:
    url = reverse("console_orders", args=[game.pk])
    named = old_phase_id(people, game, url, who="gm")
    data = {"phase": named, "power": "FRANCE", "row_0": "A MAR - SPA", "typed": "A Par - Bur"}
    response = people.client("gm").post(url, data)
    html = unescape(response.content.decode())
    assert response.status_code == 409
    assert "A MAR - SPA\nA Par - Bur</textarea>" in html
    assert '<input type="hidden" name="power" value="FRANCE">' in html
    assert set(phase_fields(html, url)) == {"F1901M"}  # the new form names the phase open now
    assert not OrderSheet.objects.filter(phase=open_phase(game)).exists()
