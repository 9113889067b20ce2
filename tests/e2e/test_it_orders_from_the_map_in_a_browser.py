"""Ordering from the map in a real browser at phone size (390 x 844, touch):
tapping units and provinces on the fogged map writes a move, a support and a
convoy into the typed box, the server reads and saves them; the keyboard
reaches the provinces; the map zooms, all under the Content-Security-Policy."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import actions
from games.models import Game, OrderSheet, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import pass_deadline
from maps.geometry import load_geometry
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}
GEOMETRY = load_geometry()


def fog_game() -> Game:
    gm = confirmed_user("gm", "gm@example.com", PASSWORD)
    france = confirmed_user("france", "france@example.com", PASSWORD)
    game = actions.create_game(gm, name="Map orders", preset="dc2005", start_year=1901)
    actions.join(game, france, ["FRANCE"])
    actions.assign_powers(game, gm, by_preference=True)
    actions.start_game(game, gm)
    return game


def play_to_fall(game: Game, fleet_to: str = "Eng") -> None:
    """Spring 1901: France's fleet to sea (the Channel), an army to Picardy."""
    france = game.seats.get(power="FRANCE").user
    spring = game.phases.get(status=Phase.Status.OPEN)
    actions.submit_orders(spring, france, "FRANCE", [f"F Bre - {fleet_to}", "A Par - Pic"])
    while not game.phases.filter(status=Phase.Status.OPEN, name="F1901M").exists():
        pass_deadline(game.phases.get(status=Phase.Status.OPEN))
        sweep_deadlines()


def phone_page(browser: Any, base: str, game: Game, console: list[str]) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.on("console", lambda message: console.append(message.text))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "france")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    page.goto(f"{base}/games/{game.pk}/")
    page.wait_for_selector("svg.map-overlay path[data-province=PAR]", state="attached")
    wait_for_the_picture(page)
    return page


def wait_for_the_picture(page: Any) -> None:
    # Polled: wait_for_function evaluates text in the page, which the policy forbids.
    picture = page.locator("figure.map img")
    picture.scroll_into_view_if_needed()
    for _ in range(100):
        if picture.evaluate("img => img.naturalWidth") > 0:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the map picture did not load")


def tap(page: Any, province: str, coast: str | None = None) -> None:
    """A finger on the province's unit spot (or coast), as drawn on the picture;
    the zoomed map scrolled first where the spot is out of its box."""
    overlay = page.locator("svg.map-overlay")
    overlay.scroll_into_view_if_needed()
    overlay.evaluate(BRING_INTO_VIEW, list(fraction(province, coast)))
    page.touchscreen.tap(*point_on_page(page, province, coast))


# Scrolls the map's box (not the page) so the point is inside it.
BRING_INTO_VIEW = """(svg, [fx, fy]) => {
  const box = svg.closest('.map-scroller');
  const x = fx * svg.clientWidth, y = fy * svg.clientHeight;
  const left = box.scrollLeft, top = box.scrollTop;
  if (x < left + 20 || x > left + box.clientWidth - 20) box.scrollLeft = x - box.clientWidth / 2;
  if (y < top + 20 || y > top + box.clientHeight - 20) box.scrollTop = y - box.clientHeight / 2;
}"""


def fraction(province: str, coast: str | None = None) -> tuple[float, float]:
    x, y = GEOMETRY.provinces[province].anchor(coast)
    return x / GEOMETRY.width, y / GEOMETRY.height


def point_on_page(page: Any, province: str, coast: str | None = None) -> tuple[float, float]:
    box = page.locator("svg.map-overlay").bounding_box()
    fx, fy = fraction(province, coast)
    return box["x"] + fx * box["width"], box["y"] + fy * box["height"]


def typed_lines(page: Any) -> list[str]:
    return [line for line in page.input_value("textarea[name=typed]").splitlines() if line]


def save(page: Any, count: int) -> None:
    page.wait_for_selector(f"#checked-lines li.ok >> nth={count - 1}")
    assert page.locator("#checked-lines li.bad").count() == 0
    page.click("text=Save orders")
    page.wait_for_selector("text=Orders saved")


def test_it_orders_a_move_and_a_support_by_tapping(browser: Any, live_server: Any) -> None:
    game = fog_game()
    console: list[str] = []
    page = phone_page(browser, live_server.url, game, console)

    tap(page, "PAR")
    assert "A Par picked" in page.inner_text("#map-order-status")
    tap(page, "BUR")
    tap(page, "MAR")
    page.click(".map-orders button[data-kind=support]")
    tap(page, "PAR")
    tap(page, "BUR")
    tap(page, "BRE")
    tap(page, "BRE")  # the unit again: it holds
    assert typed_lines(page) == ["A Par - Bur", "A Mar S A Par - Bur", "F Bre H"]
    save(page, 3)

    sheet = OrderSheet.objects.get(power="FRANCE")
    assert sorted(sheet.parsed) == ["A MAR S A PAR - BUR", "A PAR - BUR", "F BRE H"]
    assert csp_violations(console) == []


def test_it_orders_a_convoy_by_choosing_the_route(browser: Any, live_server: Any) -> None:
    game = fog_game()
    play_to_fall(game)
    console: list[str] = []
    page = phone_page(browser, live_server.url, game, console)

    tap(page, "PIC")
    tap(page, "ENG")  # a sea on the army's way: the route, not a move
    assert "by convoy through Eng" in page.inner_text("#map-order-status")
    tap(page, "LON")
    assert typed_lines(page) == ["A Pic - Lon via convoy", "F Eng C A Pic - Lon"]
    save(page, 2)
    sheet = OrderSheet.objects.get(power="FRANCE", phase__name="F1901M")
    assert sorted(sheet.parsed) == ["A PIC - LON VIA", "F ENG C A PIC - LON"]
    assert csp_violations(console) == []


def test_a_fleet_convoys_an_army_picked_on_the_map(browser: Any, live_server: Any) -> None:
    game = fog_game()
    play_to_fall(game)
    page = phone_page(browser, live_server.url, game, [])
    page.fill("textarea[name=typed]", "F Eng - Nth\nA Mar H")

    tap(page, "ENG")
    page.click(".map-orders button[data-kind=convoy]")
    tap(page, "PIC")
    tap(page, "WAL")
    # The fleet's earlier line is replaced; the other stays.
    assert typed_lines(page) == ["A Mar H", "F Eng C A Pic - Wal"]


def test_a_fleet_lands_on_the_coast_tapped(browser: Any, live_server: Any) -> None:
    game = fog_game()
    play_to_fall(game, fleet_to="Mao")
    page = phone_page(browser, live_server.url, game, [])
    tap(page, "MAO")
    tap(page, "SPA", coast="NC")
    tap(page, "PIC")
    page.click(".map-orders button[data-kind=hold]")
    assert typed_lines(page) == ["F Mao - Spa/nc", "A Pic H"]


def play(game: Game, orders: dict[str, list[str]], until: str) -> None:
    """France's orders and the game master's for Germany, then deadlines pass
    until a phase of kind ``until`` opens."""
    phase = game.phases.get(status=Phase.Status.OPEN)
    actions.submit_orders(phase, game.seats.get(power="FRANCE").user, "FRANCE", orders["FRANCE"])
    actions.submit_orders_for_power(phase, game.game_master, "GERMANY", orders["GERMANY"])
    while True:
        pass_deadline(game.phases.get(status=Phase.Status.OPEN))
        sweep_deadlines()
        now = game.phases.get(status=Phase.Status.OPEN)
        if now.pk != phase.pk and now.kind == until:
            return


def test_a_dislodged_unit_retreats_by_tapping(browser: Any, live_server: Any) -> None:
    game = fog_game()
    play(game, {"FRANCE": ["A Par - Bur"], "GERMANY": ["A Mun - Ruh", "A Ber - Mun"]}, "M")
    play(game, {"FRANCE": ["A Bur H"], "GERMANY": ["A Ruh - Bur", "A Mun S A Ruh - Bur"]}, "R")
    page = phone_page(browser, live_server.url, game, [])
    assert page.inner_text(".map-orders button[data-kind=move]") == "Retreat"
    tap(page, "BUR")
    tap(page, "PAR")
    assert typed_lines(page) == ["A Bur R Par"]
    save(page, 1)
    sheet = OrderSheet.objects.get(power="FRANCE", phase__status=Phase.Status.OPEN)
    assert sheet.parsed == ["A BUR R PAR"]


def test_it_refuses_a_province_without_an_own_unit(browser: Any, live_server: Any) -> None:
    page = phone_page(browser, live_server.url, fog_game(), [])
    tap(page, "MUN")
    assert "no unit in Munich" in page.inner_text("#map-order-status")
    assert typed_lines(page) == []


def test_the_keyboard_reaches_and_picks_provinces(browser: Any, live_server: Any) -> None:
    page = phone_page(browser, live_server.url, fog_game(), [])
    page.focus(".map-zoom button[aria-label='Zoom out']")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "Brest, your fleet"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    target = page.evaluate("document.activeElement.dataset.province")
    assert target not in (None, "BRE")
    assert page.evaluate("document.activeElement.getAttribute('tabindex')") == "0"
    page.keyboard.press("Enter")
    assert typed_lines(page) == [f"F Bre - {target.title()}"]


def test_the_map_zooms_and_the_overlay_follows(browser: Any, live_server: Any) -> None:
    page = phone_page(browser, live_server.url, fog_game(), [])
    scroller = page.locator(".map-scroller").bounding_box()
    assert scroller["width"] <= PHONE["width"]
    # A phone starts at twice the box's width, where labels can be read.
    before = page.locator("figure.map img").bounding_box()["width"]
    assert before == pytest.approx(2 * scroller["width"], abs=3)
    page.click(".map-zoom button[aria-label='Zoom in']")
    picture = page.locator("figure.map img").bounding_box()
    overlay = page.locator("svg.map-overlay").bounding_box()
    assert picture["width"] == pytest.approx(1.5 * before, abs=3)
    assert overlay["width"] == pytest.approx(picture["width"], abs=2)
    assert overlay["height"] == pytest.approx(picture["height"], abs=2)
    page.click(".map-zoom button[aria-label='Zoom out']")
    page.click(".map-zoom button[aria-label='Zoom out']")
    assert page.locator("figure.map img").bounding_box()["width"] == pytest.approx(
        scroller["width"], abs=3
    )


def test_the_first_zoom_shows_the_powers_own_units(browser: Any, live_server: Any) -> None:
    page = phone_page(browser, live_server.url, fog_game(), [])
    scroller = page.locator(".map-scroller").bounding_box()
    assert page.locator("figure.map img").bounding_box()["width"] > 1.5 * scroller["width"]
    for province in ("BRE", "PAR", "MAR"):
        x, y = point_on_page(page, province)
        assert scroller["x"] < x < scroller["x"] + scroller["width"], province
        assert scroller["y"] < y < scroller["y"] + scroller["height"], province
