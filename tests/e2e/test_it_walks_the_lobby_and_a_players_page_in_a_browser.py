"""End to end, in a real browser: a player filters the lobby, is refused a
seat with the reason and their own standing, then opens the winner's page
from the ranking and reads the record."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import actions
from games.actions.votes import finish_game
from games.models import Game, ResultKind
from standing.tests.played import POWERS
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"


def person(name: str) -> Any:
    # Confirmed: joining from the lobby asks for a confirmed address first.
    return confirmed_user(name, f"{name}@example.com", PASSWORD)


def finished_game_and_a_picky_one() -> None:
    master = person("gm")
    game = actions.create_game(master, name="Won by France", preset="standard", start_year=1901)
    for power in POWERS:
        actions.join(game, person(power.lower()), [power], invited=True)
    actions.assign_powers(game, master, by_preference=True)
    actions.start_game(game, master)
    finish_game(game, ResultKind.SOLO, ["FRANCE"])
    picky = actions.create_game(master, name="Picky", preset="dc2005", start_year=1901)
    Game.objects.filter(pk=picky.pk).update(min_reliability=90)
    actions.create_game(master, name="Anything goes", preset="standard", start_year=1901)


def test_it_walks_the_lobby_and_a_players_page(browser: Any, live_server: Any, tmp_path) -> None:
    finished_game_and_a_picky_one()
    person("newcomer")
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "newcomer")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))

    page.goto(f"{live_server.url}/lobby/")
    page.select_option("select[name=rules]", "dc2005")
    page.click("#lobby-filters button[type=submit]")
    page.wait_for_url(re.compile(r"rules=dc2005"))
    assert "Picky" in page.inner_text("main") and "Anything goes" not in page.inner_text("main")
    assert "reliability ≥ 90%" in page.inner_text("main")
    page.screenshot(path=str(tmp_path / "lobby.png"), full_page=True)
    page.click("text=Join")
    page.click("button[type=submit] >> nth=-1")
    page.wait_for_selector("text=This game asks for a reliability of at least 90%")
    assert "you have no deadline on record yet" in page.inner_text("main")

    page.goto(f"{live_server.url}/ranking/")
    page.click("#ranking >> text=france")
    page.wait_for_url(re.compile(r"/players/france/$"))
    record = page.inner_text("#figures")
    assert "Won\t1" in record or "Won 1" in record
    assert "Won by France" in page.inner_text("#finished-games")
    page.screenshot(path=str(tmp_path / "player.png"), full_page=True)
