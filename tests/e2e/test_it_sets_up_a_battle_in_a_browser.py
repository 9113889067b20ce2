"""End to end, in a real browser: a game master creates a grid battle, sets its
terrain, places tokens from the sample units, gives a token to a player and
starts it; that player then sees the side's page and picture."""

from __future__ import annotations

import re
from typing import Any

import pytest

from battles.models import Battle, BattleToken
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, sign_in
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(browser: Any, base: str, username: str) -> Any:
    page = browser.new_context().new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    return page


def create_battle(gm: Any, base: str) -> None:
    gm.goto(f"{base}/battles/new/")
    gm.fill("#id_name", "Browser skirmish")
    gm.fill("#id_width", "6")
    gm.fill("#id_height", "5")
    gm.fill("#id_sides", "Red, Blue")
    gm.check("#id_flanking")
    gm.fill("#id_sight", "3")
    gm.fill("#id_turn_length", "12h")
    gm.click("text=Create the battle")
    gm.wait_for_url(re.compile(r"/console/$"))


def place(gm: Any, name: str, side: str, at: str, unit: str, player: str = "") -> None:
    gm.select_option("#token_template", unit)
    gm.fill("#token_name", name)
    gm.select_option("#token_side", side)
    gm.fill("#token_at", at)
    if player:
        gm.fill("#token_player", player)
    gm.click("#place-token button")
    gm.wait_for_selector(f"text={name} is placed at {at}.")


def test_it_sets_up_and_starts_a_battle_in_a_browser(browser: Any, live_server: Any) -> None:
    base = live_server.url
    gm = sign_in(browser, base, "gm")
    for player in ("red", "blue"):
        confirmed_user(player, f"{player}@example.com", PASSWORD)
    create_battle(gm, base)
    gm.fill("#terrain_terrain", "trees c3 c4\nwater d2\nhill a1")
    gm.click("#set-terrain button")
    gm.wait_for_selector("text=The terrain is set.")
    place(gm, "R1", "Red", "a1", "Infantry")
    place(gm, "R2", "Red", "b2", "Archers", player="red")
    place(gm, "B1", "Blue", "f5", "Cavalry")
    gm.select_option("#side_side", "Blue")
    gm.fill("#side_player", "blue")
    gm.click("#assign-side button")
    gm.wait_for_selector("text=Blue is played by blue.")
    gm.click("#start-battle")
    gm.wait_for_selector("text=The battle is under way")

    battle = Battle.objects.get()
    assert battle.status == Battle.Status.ACTIVE and battle.sight == 3 and battle.flanking
    assert battle.terrain == {"c3": "trees", "c4": "trees", "d2": "water", "a1": "hill"}
    archers = BattleToken.objects.get(name="R2")
    assert (archers.att, archers.defence, archers.spd, archers.hp, archers.range) == (2, 2, 3, 3, 3)
    assert archers.player is not None and archers.player.username == "red"

    red = log_in(browser, base, "red")
    red.goto(f"{base}/battles/{battle.pk}/")
    assert "You play Red" in red.inner_text("body")
    picture = red.request.get(f"{base}/battles/{battle.pk}/picture.png?side=Red")
    assert picture.ok and picture.body().startswith(b"\x89PNG")
