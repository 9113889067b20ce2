"""Ordering at the unit, in a real browser at phone size (390 x 844, touch)
and at a desk (1280 x 900): the choices sit in a bar on the map's edge, where
a picked unit may go is highlighted (retreats too), another own unit tapped is
supported, the orders given are drawn on the map at once and the check shows
in the bar; a 3-unit turn takes seven taps without scrolling; leaving with
orders not saved asks first."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.models import Game, OrderSheet, Phase
from tests.e2e.test_it_orders_from_the_map_in_a_browser import (
    BRING_INTO_VIEW,
    fog_game,
    fraction,
    play,
    point_on_page,
    typed_lines,
    wait_for_the_picture,
)
from tests.e2e.test_it_orders_from_the_map_in_a_browser import tap as tap_on_a_phone
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}
FRANCE_BLUE = "rgb(86, 180, 233)"
OPTION_VALUES = "options => options.map(o => o.value)"
Viewport = dict[str, int]


def signed_in_page(
    browser: Any, base: str, game: Game, viewport: Viewport, console: list[str]
) -> Any:
    phone = viewport == PHONE
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    page = context.new_page()
    page.on("console", lambda message: console.append(message.text))
    page.on("pageerror", lambda error: console.append(f"page error: {error}"))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "france")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    page.goto(f"{base}/games/{game.pk}/")
    page.wait_for_selector("svg.map-overlay path[data-province=PAR]", state="attached")
    page.wait_for_selector(".pending-orders", state="attached")
    wait_for_the_picture(page)
    page.evaluate("window.scrollTo(0, 0)")
    return page


def in_view(x: float, y: float) -> bool:
    return 0 <= x <= PHONE["width"] and 0 <= y <= PHONE["height"]


def tap_where_it_is(page: Any, province: str) -> None:
    """A tap on the map as the page stands: the spot must already be in view,
    in the screen and in the map's box, with nothing scrolled."""
    x, y = point_on_page(page, province)
    box = page.locator(".map-scroller").bounding_box()
    assert in_view(x, y), f"{province} is off the screen"
    assert box["x"] <= x <= box["x"] + box["width"], f"{province} is outside the map's box"
    assert box["y"] <= y <= box["y"] + box["height"], f"{province} is outside the map's box"
    page.touchscreen.tap(x, y)


def tap_button(page: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert in_view(x, y), f"{selector} is off the screen"
    page.touchscreen.tap(x, y)


def highlighted(page: Any) -> set[str]:
    paths = page.locator("svg.map-overlay path.legal")
    return set(paths.evaluate_all("paths => paths.map(p => p.dataset.province)"))


def pending(page: Any) -> list[str]:
    marks = page.locator(".pending-orders [data-order]")
    return sorted(set(marks.evaluate_all("marks => marks.map(m => m.dataset.order)")))


def tap(page: Any, province: str) -> None:
    """A finger on a phone, the mouse at a desk."""
    if page.viewport_size["width"] < 600:
        return tap_on_a_phone(page, province)
    overlay = page.locator("svg.map-overlay")
    overlay.scroll_into_view_if_needed()
    overlay.evaluate(BRING_INTO_VIEW, list(fraction(province)))
    page.mouse.click(*point_on_page(page, province))


def test_a_three_unit_turn_takes_seven_taps_on_a_phone(browser: Any, live_server: Any) -> None:
    game = fog_game()
    console: list[str] = []
    page = signed_in_page(browser, live_server.url, game, PHONE, console)
    taps = 0
    for province in ("PAR", "BUR", "MAR", "PAR", "BRE", "BRE"):
        tap_where_it_is(page, province)
        taps += 1
    assert page.evaluate("window.scrollY") == 0
    assert typed_lines(page) == ["A Par - Bur", "A Mar S A Par - Bur", "F Bre H"]
    page.wait_for_selector(".map-orders .map-order-check li.ok")
    tap_button(page, ".map-orders button[data-kind=save]")
    taps += 1
    page.wait_for_selector("text=Orders saved")

    assert taps <= 7
    sheet = OrderSheet.objects.get(power="FRANCE")
    assert sorted(sheet.parsed) == ["A MAR S A PAR - BUR", "A PAR - BUR", "F BRE H"]
    assert csp_violations(console) == []
    assert not [line for line in console if line.startswith("page error")]


@pytest.mark.parametrize("viewport", [PHONE, DESK], ids=["phone", "desk"])
def test_it_highlights_where_a_unit_may_go(
    browser: Any, live_server: Any, viewport: Viewport
) -> None:
    page = signed_in_page(browser, live_server.url, fog_game(), viewport, [])
    assert highlighted(page) == set()
    tap(page, "PAR")
    assert highlighted(page) == {"BRE", "PIC", "BUR", "GAS"}
    page.click(".map-orders button[data-kind=support]")
    tap(page, "MAR")
    # Marseilles' army moves to Burgundy or Gascony: Paris may support either,
    # not its holding (Paris does not border Marseilles).
    assert highlighted(page) == {"BUR", "GAS"}
    page.click(".map-orders button[data-kind=cancel]")
    assert highlighted(page) == set()


def test_the_bar_is_on_the_maps_edge(browser: Any, live_server: Any) -> None:
    page = signed_in_page(browser, live_server.url, fog_game(), PHONE, [])
    picture = page.locator(".map-scroller").bounding_box()
    bar = page.locator(".map-orders").bounding_box()
    assert 0 <= bar["y"] - (picture["y"] + picture["height"]) < 20
    assert bar["y"] + bar["height"] <= PHONE["height"]


@pytest.mark.parametrize("viewport", [PHONE, DESK], ids=["phone", "desk"])
def test_orders_are_drawn_the_moment_they_are_given(
    browser: Any, live_server: Any, viewport: Viewport
) -> None:
    page = signed_in_page(browser, live_server.url, fog_game(), viewport, [])
    assert pending(page) == []
    tap(page, "PAR")
    tap(page, "BUR")
    page.wait_for_selector(".pending-orders line.move[data-order='A PAR - BUR']", state="attached")
    tap(page, "MAR")
    tap(page, "PAR")
    tap(page, "BRE")
    page.click(".map-orders button[data-kind=hold]")
    page.wait_for_selector(".pending-orders circle.hold", state="attached")
    page.wait_for_selector(".pending-orders line.support", state="attached")
    assert pending(page) == ["A MAR S A PAR - BUR", "A PAR - BUR", "F BRE H"]
    colour = page.locator(".pending-orders line.move").evaluate(
        "line => getComputedStyle(line).stroke"
    )
    assert colour == FRANCE_BLUE
    # The check shows in the bar, beside the map, for the order just given.
    assert "F BRE H" in page.inner_text(".map-orders .map-order-check")
    # A menu changed is drawn too: the menus and the map are one sheet.
    page.fill("textarea[name=typed]", "")
    page.locator("#orders-form select").first.select_option(index=2)
    wait_until(page, lambda: len(pending(page)) == 1)


def wait_until(page: Any, condition: Any) -> None:
    for _ in range(50):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("the page did not get there")


def test_a_bad_order_is_shown_in_the_bar(browser: Any, live_server: Any) -> None:
    page = signed_in_page(browser, live_server.url, fog_game(), PHONE, [])
    tap(page, "MAR")
    page.click(".map-orders button[data-kind=support]")
    tap(page, "MUN")  # not highlighted: written as asked, and the check says why not
    tap(page, "MUN")
    page.wait_for_selector(".map-orders .map-order-check li.bad")
    assert "A Mar S Mun" in page.inner_text(".map-orders .map-order-check")
    assert pending(page) == []


def test_leaving_with_orders_not_saved_asks_first(browser: Any, live_server: Any) -> None:
    game = fog_game()
    page = signed_in_page(browser, live_server.url, game, PHONE, [])
    assert page.locator(".map-orders .unsaved-note").is_hidden()
    tap(page, "PAR")
    tap(page, "BUR")
    assert page.locator(".map-orders .unsaved-note").is_visible()
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", answer)
    page.click(".page-head a:text('History')", no_wait_after=True)
    page.wait_for_timeout(500)
    assert asked == ["beforeunload"]
    assert re.search(rf"/games/{game.pk}/$", page.url)
    assert typed_lines(page) == ["A Par - Bur"]

    page.click(".map-orders button[data-kind=save]")
    page.wait_for_selector("text=Orders saved")
    page.click(".page-head a:text('History')")
    page.wait_for_url(re.compile(r"/history/$"))
    assert asked == ["beforeunload"]


def test_an_illegal_retreat_is_refused_and_the_legal_ones_shown(
    browser: Any, live_server: Any
) -> None:
    game = fog_game()
    play(game, {"FRANCE": ["A Par - Bur"], "GERMANY": ["A Mun - Ruh", "A Ber - Mun"]}, "M")
    play(game, {"FRANCE": ["A Bur H"], "GERMANY": ["A Ruh - Bur", "A Mun S A Ruh - Bur"]}, "R")
    page = signed_in_page(browser, live_server.url, game, PHONE, [])
    tap(page, "BUR")
    offered = {
        value.split(" R ")[1][:3]
        for value in page.locator("#orders-form select option").evaluate_all(
            "options => options.map(o => o.value)"
        )
        if " R " in value
    }
    assert offered and highlighted(page) == offered
    assert "MUN" not in offered
    tap(page, "MUN")
    assert "cannot retreat to Munich" in page.inner_text("#map-order-status")
    assert typed_lines(page) == []
    phase = game.phases.get(status=Phase.Status.OPEN)
    assert phase.kind == "R"
