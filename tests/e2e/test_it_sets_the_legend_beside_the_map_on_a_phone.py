"""The game page's first look on a phone (390 x 844, touch): the map's legend
is text outside the picture, readable (12 px type or larger) and within the
screen's width, and the map opens with every one of the power's units in
view, however far apart they stand."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import actions
from games.models import Game, Phase
from games.tasks import sweep_deadlines
from games.tests.web.conftest import pass_deadline
from maps.legend import EXAMPLES
from tests.e2e.test_it_orders_from_the_map_in_a_browser import (
    PHONE,
    point_on_page,
    wait_for_the_picture,
)
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# Where each power's units stand at the first look: at home, or (Russia's
# spring) three in the north and one far off in Armenia, where a view centred
# on their average left Armenia out.
SPRING = {"RUSSIA": ("F StP/sc - Bot", "A Mos - StP", "A War - Lvn", "F Sev - Arm")}
UNITS = {
    "ENGLAND": ("LON", "EDI", "LVP"),
    "TURKEY": ("CON", "ANK", "SMY"),
    "RUSSIA": ("STP", "MOS", "WAR", "SEV"),
    "RUSSIA after spring": ("BOT", "STP", "LVN", "ARM"),
}
EDGE = 8  # screen pixels: a unit's spot this far inside the box shows its mark
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def game_for(power: str, spring: tuple[str, ...] = ()) -> Game:
    gm = confirmed_user("gm", "gm@example.com", PASSWORD)
    player = confirmed_user("player", "player@example.com", PASSWORD)
    game = actions.create_game(gm, name="First look", preset="dc2005", start_year=1901)
    actions.join(game, player, [power])
    actions.assign_powers(game, gm, by_preference=True)
    actions.start_game(game, gm)
    if spring:
        actions.submit_orders(game.phases.get(status=Phase.Status.OPEN), player, power, spring)
        while not game.phases.filter(status=Phase.Status.OPEN, name="F1901M").exists():
            pass_deadline(game.phases.get(status=Phase.Status.OPEN))
            sweep_deadlines()
    return game


def phone_page(browser: Any, base: str, game: Game, console: list[str]) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.on("console", lambda message: console.append(message.text))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "player")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    page.goto(f"{base}/games/{game.pk}/")
    page.wait_for_selector("svg.map-overlay path", state="attached")
    wait_for_the_picture(page)
    page.wait_for_timeout(200)  # the first zoom is set once the picture has loaded
    return page


def overlaps(one: dict[str, float], other: dict[str, float]) -> bool:
    across = one["x"] < other["x"] + other["width"] and other["x"] < one["x"] + one["width"]
    down = one["y"] < other["y"] + other["height"] and other["y"] < one["y"] + one["height"]
    return across and down


def test_the_legend_is_text_outside_the_picture_and_readable(
    browser: Any, live_server: Any
) -> None:
    console: list[str] = []
    page = phone_page(browser, live_server.url, game_for("ENGLAND"), console)
    legend = page.locator("figure.map .map-legend")
    legend.scroll_into_view_if_needed()
    entries = legend.locator("li > span")
    texts = [text.strip() for text in entries.all_inner_texts()]
    assert texts == [*POWERS, *(text for _, text in EXAMPLES)]
    picture = page.locator("figure.map img").bounding_box()
    assert not overlaps(legend.bounding_box(), picture)
    for index in range(entries.count()):
        entry = entries.nth(index)
        size = entry.evaluate("text => parseFloat(getComputedStyle(text).fontSize)")
        assert size >= 12, (texts[index], size)
        box = entry.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], texts[index]
        inside = entry.evaluate("text => text.scrollWidth <= text.parentNode.clientWidth")
        assert inside, f"{texts[index]} runs past its box"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not csp_violations(console)


@pytest.mark.parametrize("case", sorted(UNITS))
def test_the_first_view_shows_every_one_of_the_powers_units(
    browser: Any, live_server: Any, case: str
) -> None:
    power = case.split()[0]
    game = game_for(power, SPRING.get(power, ()) if "spring" in case else ())
    page = phone_page(browser, live_server.url, game, [])
    scroller = page.locator(".map-scroller").bounding_box()
    assert scroller["width"] <= PHONE["width"]
    for province in UNITS[case]:
        x, y = point_on_page(page, province)
        assert scroller["x"] + EDGE < x < scroller["x"] + scroller["width"] - EDGE, province
        assert scroller["y"] + EDGE < y < scroller["y"] + scroller["height"] - EDGE, province
