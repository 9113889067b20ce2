"""In a real browser set to Tokyo time, the sign-up form's time zone menu
starts on Asia/Tokyo (static/js/fogdip.js reads Intl's zone) and says so;
a profile whose zone was chosen keeps it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from accounts import actions as account_actions
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tokyo_page(browser: Any, console: list[str]) -> Any:
    page = browser.new_context(timezone_id="Asia/Tokyo").new_page()
    page.on("console", lambda message: console.append(message.text))
    return page


def test_the_sign_up_menu_starts_on_the_browsers_zone(browser: Any, live_server: Any) -> None:
    console: list[str] = []
    page = tokyo_page(browser, console)
    page.goto(f"{live_server.url}/accounts/signup/")
    assert page.eval_on_selector("select[name=time_zone]", "menu => menu.value") == "Asia/Tokyo"
    assert page.is_visible("text=Preselected from your browser's time zone")
    assert csp_violations(console) == []


def test_a_chosen_zone_stays_chosen(browser: Any, live_server: Any) -> None:
    user = confirmed_user("france", "france@example.com", PASSWORD)
    account_actions.update_profile(user, "Europe/Paris")
    console: list[str] = []
    page = tokyo_page(browser, console)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "france")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    page.goto(f"{live_server.url}/accounts/profile/")
    assert page.eval_on_selector("select[name=time_zone]", "menu => menu.value") == "Europe/Paris"
