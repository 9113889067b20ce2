"""In a real browser, every kind of page works under the Content-Security-Policy
and the console reports no violation; an inline script would be reported."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from games import actions
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_page(browser: Any, console: list[str]) -> Any:
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.on("console", lambda message: console.append(message.text))
    return page


def sign_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))


def test_every_kind_of_page_works_under_the_policy(browser: Any, live_server: Any) -> None:
    base = live_server.url
    gm_user = confirmed_user("gm", "gm@example.com", PASSWORD)
    player_user = confirmed_user("france", "france@example.com", PASSWORD)
    game = actions.create_game(gm_user, name="Policy", preset="standard", start_year=1901)
    actions.join(game, player_user, ["FRANCE"])
    console: list[str] = []

    visitor = open_page(browser, console)
    for path in [
        "/",
        "/rules/",
        "/rules/dc2005/",
        "/accounts/signup/",
        "/accounts/password/reset/",
    ]:
        visitor.goto(f"{base}{path}")

    gm = open_page(browser, console)
    sign_in(gm, base, "gm")
    gm.goto(f"{base}/games/{game.pk}/console/")
    gm.click("input.copy")  # selects the join link (static/js/fogdip.js)
    assert gm.evaluate("window.getSelection().toString()").endswith(f"/join/{game.join_token}/")
    gm.select_option("select[name=method]", "preference")
    gm.click("text=Assign powers")
    gm.click("text=Start the game")
    gm.wait_for_selector("text=The whole board")
    gm.select_option("#id_power", "FRANCE")  # submits itself
    gm.wait_for_url(re.compile(r"\?power=FRANCE$"))

    player = open_page(browser, console)
    sign_in(player, base, "france")
    for path in ["", "press/", "history/"]:
        player.goto(f"{base}/games/{game.pk}/{path}")
    for path in ["/settings/email/", "/accounts/profile/", "/accounts/address/"]:
        player.goto(f"{base}{path}")
    assert csp_violations(console) == []


def test_an_inline_script_would_be_reported(browser: Any, live_server: Any) -> None:
    console: list[str] = []
    page = open_page(browser, console)
    page.goto(f"{live_server.url}/")
    with pytest.raises(PlaywrightError, match="Content Security Policy"):
        page.add_script_tag(content="document.title = 'injected';")
    assert page.title() != "injected"
    assert csp_violations(console)
