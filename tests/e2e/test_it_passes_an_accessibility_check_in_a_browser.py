"""The main pages, drawn in a real browser, pass the accessibility check of
tests/e2e/accessibility.py: a stranger's, a player's in a game under way, the
game master's, the battle pages, and forms shown again with their errors
(every error named by the field's aria-describedby, the field aria-invalid)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from battles.tests.web.conftest import Cast, infantry, set_up
from tests.e2e.accessibility import problems
from tests.e2e.test_it_orders_from_the_map_in_a_browser import fog_game
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def signed_in(browser: Any, base: str, username: str, password: str = PASSWORD) -> Any:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    return page


def check(page: Any, base: str, paths: list[str]) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        page.goto(base + path)
        if failures := problems(page):
            found[path] = failures
    return found


def test_a_strangers_pages_pass(browser: Any, live_server: Any) -> None:
    page = browser.new_context().new_page()
    strangers = ["/", "/accounts/login/", "/accounts/signup/", "/lobby/"]
    assert check(page, live_server.url, strangers) == {}
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("#id_username", "x")
    page.fill("#id_password1", "a")
    page.fill("#id_password2", "b")
    page.locator("main form").evaluate("form => { form.noValidate = true; }")  # the server's errors
    page.click("main button[type=submit]")
    page.wait_for_selector(".has-error")
    assert problems(page) == []
    described = page.get_attribute(".has-error input", "aria-describedby") or ""
    assert any(name.endswith("_error") for name in described.split())


def test_a_players_and_a_game_masters_pages_pass(browser: Any, live_server: Any) -> None:
    game = fog_game()
    base = live_server.url
    france = signed_in(browser, base, "france")
    own = [f"/games/{game.pk}/", f"/games/{game.pk}/history/", f"/games/{game.pk}/press/"]
    paths = ["/games/", *own, "/games/new/", "/accounts/profile/", "/settings/email/", "/watch/"]
    assert check(france, base, paths) == {}
    gm = signed_in(browser, base, "gm")
    console = [f"/games/{game.pk}/console/", f"/games/{game.pk}/console/orders/?power=FRANCE"]
    assert check(gm, base, console) == {}


def test_a_refused_save_marks_the_box_invalid(browser: Any, live_server: Any) -> None:
    game = fog_game()
    page = signed_in(browser, live_server.url, "france")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.fill("textarea[name=typed]", "A Par - Xyz")
    page.click("#orders-form button[type=submit]")
    page.wait_for_selector("#checked-lines li.bad")
    assert page.get_attribute("textarea[name=typed]", "aria-invalid") == "true"
    assert "checked-lines" in (page.get_attribute("textarea[name=typed]", "aria-describedby") or "")
    assert problems(page) == []


def test_the_skip_link_takes_the_keyboard_to_the_content(browser: Any, live_server: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/lobby/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the content"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "content"


def test_the_battle_pages_pass(browser: Any, live_server: Any) -> None:
    cast = Cast()
    battle = set_up(cast, tokens=[infantry("R1", "Red", "b2"), infantry("B1", "Blue", "f4")])
    base = live_server.url
    from games.tests.web.conftest import PASSWORD as BATTLE_PASSWORD

    gm = signed_in(browser, base, "gm", BATTLE_PASSWORD)
    assert check(gm, base, ["/battles/", "/battles/new/", f"/battles/{battle.pk}/console/"]) == {}
    red = signed_in(browser, base, "red", BATTLE_PASSWORD)
    assert check(red, base, [f"/battles/{battle.pk}/"]) == {}
