"""Builds from the map in a real browser at phone size (360 x 740, touch):
in France's first adjustment phase, tapping a free home centre offers what
France's own record allows there, the buttons write the build into the typed
box, and the server saves it; a province where nothing may be built says why,
and the keyboard reaches the offer too. The game master, ordering for France,
removes a unit from the map the same way."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import actions, gateway
from games.models import Game, OrderSheet, Phase
from tests.e2e.test_it_orders_from_the_map_in_a_browser import (
    fog_game,
    play,
    save,
    tap,
    typed_lines,
    wait_for_the_picture,
)
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SMALL_PHONE = {"width": 360, "height": 740}


def winter_with_two_builds() -> Game:
    """France takes Spain and Portugal in 1901 and leaves Paris, Marseilles
    and Brest empty: two builds, in any of those three."""
    game = fog_game()
    play(
        game,
        {"FRANCE": ["A Par - Bur", "A Mar - Spa", "F Bre - Mao"], "GERMANY": ["A Mun H"]},
        "M",
    )
    play(game, {"FRANCE": ["F Mao - Por", "A Spa H", "A Bur H"], "GERMANY": ["A Mun H"]}, "A")
    return game


def small_phone_page(
    browser: Any, base: str, game: Game, console: list[str], who: str = "france", path: str = ""
) -> Any:
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.on("console", lambda message: console.append(message.text))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", who)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    page.goto(f"{base}/games/{game.pk}/{path}")
    page.wait_for_selector("svg.map-overlay path[data-province=PAR]", state="attached")
    wait_for_the_picture(page)
    return page


def offered(page: Any) -> list[str]:
    return page.locator("#map-order-offer button").all_inner_texts()


def test_it_builds_an_army_and_a_fleet_by_tapping(browser: Any, live_server: Any) -> None:
    game = winter_with_two_builds()
    assert game.phases.get(status=Phase.Status.OPEN).name == "W1901A"
    console: list[str] = []
    page = small_phone_page(browser, live_server.url, game, console)

    tap(page, "MUN")
    assert "You cannot build in Munich" in page.inner_text("#map-order-status")
    assert offered(page) == []
    tap(page, "PAR")
    assert offered(page) == ["Build army in Paris"]
    # A finger stays on the map: the offer does not take the focus and scroll away.
    assert page.evaluate("document.activeElement.tagName") != "BUTTON"
    page.click("#map-order-offer button")
    tap(page, "BRE")
    assert offered(page) == ["Build army in Brest", "Build fleet in Brest"]
    page.click("#map-order-offer >> text=Build fleet in Brest")
    assert typed_lines(page) == ["A Par B", "F Bre B"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    save(page, 2)

    sheet = OrderSheet.objects.get(power="FRANCE", phase__name="W1901A")
    assert sorted(sheet.parsed) == ["A PAR B", "F BRE B"]
    assert csp_violations(console) == []


def test_the_keyboard_reaches_the_offer(browser: Any, live_server: Any) -> None:
    page = small_phone_page(browser, live_server.url, winter_with_two_builds(), [])
    page.focus("svg.map-overlay path[data-province=MAR]")
    page.keyboard.press("Enter")
    focused = page.evaluate("document.activeElement.textContent")
    assert focused == "Build army in Marseilles"
    page.keyboard.press("Enter")
    assert typed_lines(page) == ["A Mar B"]
    back = page.evaluate("document.activeElement.getAttribute('data-province')")
    assert back == "MAR"  # the keyboard is back on the map


def test_the_game_master_removes_a_unit_for_a_power(browser: Any, live_server: Any) -> None:
    """Three French units added on the board: six units on five centres, one removal."""
    game = winter_with_two_builds()
    for place, unit in (("Par", "A"), ("Mar", "A"), ("Bre", "F")):
        actions.edit_board(
            game, game.game_master, gateway.BoardEdit("add", place, "", unit, "FRANCE")
        )
    console: list[str] = []
    path = "console/orders/?power=FRANCE"
    page = small_phone_page(browser, live_server.url, game, console, who="gm", path=path)

    tap(page, "MUN")
    assert "You have no unit in Munich to remove" in page.inner_text("#map-order-status")
    tap(page, "BUR")
    assert offered(page) == ["Remove the army in Burgundy"]
    page.click("#map-order-offer button")
    assert typed_lines(page) == ["A Bur D"]
    page.wait_for_selector("#checked-lines li.ok")
    page.click("text=Save orders")
    page.wait_for_selector("text=Orders saved for France")
    sheet = OrderSheet.objects.get(power="FRANCE", phase__name="W1901A")
    assert sheet.parsed == ["A BUR D"]
    assert game.log.filter(action="orders for power").exists()
    assert csp_violations(console) == []
