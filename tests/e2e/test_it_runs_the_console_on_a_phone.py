"""The game master's console on a phone (360 x 740, touch), in a real
browser: nothing scrolls sideways (wide tables scroll within themselves),
every button is big enough for a finger, "Process now" and "End the game"
do nothing until their box is ticked, and a finished game's console shows
the result instead of a live phase. "Orders for a power" fits too, with the
power's menus and the map's controls."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.models import Game, Phase
from tests.e2e.test_it_orders_from_the_map_in_a_browser import fog_game, wait_for_the_picture
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SMALL_PHONE = {"width": 360, "height": 740}
FINGER = 44  # px: the least height of a button a thumb hits reliably


def game_master_on_a_phone(browser: Any, base: str, console: list[str]) -> Any:
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.on("console", lambda message: console.append(message.text))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "gm")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    return page


def sideways(page: Any) -> list[str]:
    """What sticks out past the right edge of the screen, if anything: the
    page's own width, and each visible element wider than the screen that is
    not inside a box that scrolls."""
    width = page.evaluate("document.documentElement.scrollWidth")
    if width <= SMALL_PHONE["width"]:
        return []
    found = []
    for element in page.locator("main *").all():
        box = element.bounding_box()
        if box and box["x"] + box["width"] > SMALL_PHONE["width"] + 1:
            found.append(element.evaluate("e => e.outerHTML.slice(0, 120)"))
    return [f"page is {width}px wide", *found[:8]]


def small_buttons(page: Any) -> list[str]:
    small = []
    for button in page.locator("main button:visible").all():
        box = button.bounding_box()
        if box and box["height"] < FINGER:
            small.append(f"{button.inner_text()!r}: {box['height']:.0f}px")
    return small


def test_the_console_fits_a_phone(browser: Any, live_server: Any) -> None:
    game = fog_game()
    console: list[str] = []
    page = game_master_on_a_phone(browser, live_server.url, console)
    page.goto(f"{live_server.url}/games/{game.pk}/console/?power=FRANCE")
    assert sideways(page) == []
    assert small_buttons(page) == []
    for table in page.locator("main table").all():
        assert table.evaluate("t => getComputedStyle(t).overflowX") == "auto"
    assert csp_violations(console) == []


def test_process_and_end_ask_first(browser: Any, live_server: Any) -> None:
    game = fog_game()
    page = game_master_on_a_phone(browser, live_server.url, [])
    page.goto(f"{live_server.url}/games/{game.pk}/console/")
    page.click("button:text('Process now')")
    page.click("button:text('End the game')")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.phases.get().status == Phase.Status.OPEN  # nothing was processed

    page.check("text=Yes, end the game now")
    page.click("button:text('End the game')")
    page.wait_for_selector("#game-over")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert page.locator(".phase-bar").count() == 0
    assert "Process now" not in page.inner_text("main")
    assert sideways(page) == []


def test_orders_for_a_power_fit_a_phone(browser: Any, live_server: Any) -> None:
    game = fog_game()
    console: list[str] = []
    page = game_master_on_a_phone(browser, live_server.url, console)
    page.goto(f"{live_server.url}/games/{game.pk}/console/orders/?power=FRANCE")
    page.wait_for_selector("svg.map-overlay path[data-province=PAR]", state="attached")
    wait_for_the_picture(page)
    assert page.locator("select[name^=row_]").count() == 3
    assert page.locator("#map-orders").is_visible()
    assert sideways(page) == []
    assert small_buttons(page) == []
    page.select_option("#id_pick", "GERMANY")
    page.wait_for_url(re.compile(r"power=GERMANY"))
    assert "Army in Munich" in page.inner_text("#orders-form")
    assert csp_violations(console) == []
