"""In a real browser: England opens the conversation France started, replies
in its reply box, France sees the reply in the same thread; then, with the
game page open, a new message makes "1 new message" and the Press tab's
unread count appear without a reload (static/js/live_notices.js polling
games/status.json), and a new phase makes "New results" appear; all under
the Content-Security-Policy."""

from __future__ import annotations

from typing import Any

import pytest

from games import actions
from games.tasks import sweep_deadlines
from games.tests.web.conftest import open_phase, pass_deadline
from tests.e2e.test_it_plays_a_phase_in_a_browser import PASSWORD, csp_violations
from tests.e2e.test_it_works_under_the_content_security_policy import open_page, sign_in
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def three_player_game() -> tuple[Any, dict[str, Any]]:
    gm = confirmed_user("gm", "gm@example.com", PASSWORD)
    users = {
        power: confirmed_user(power.lower(), f"{power.lower()}@example.com", PASSWORD)
        for power in ("ENGLAND", "FRANCE", "GERMANY")
    }
    game = actions.create_game(
        gm, name="Parley", preset="dc2005", start_year=1901, press_mode="grey"
    )
    for power, user in users.items():
        actions.join(game, user, [power])
    actions.assign_powers(game, gm, by_preference=True)
    actions.start_game(game, gm)
    return game, users


def test_it_threads_press_and_notices_new_messages(
    browser: Any, live_server: Any, settings: Any
) -> None:
    settings.LIVE_POLL_SECONDS = 1
    base = live_server.url
    game, users = three_player_game()
    press = f"{base}/games/{game.pk}/press/"
    actions.send_press(game, users["FRANCE"], "FRANCE", ["ENGLAND"], "Shall we share?", "FRANCE")
    console: list[str] = []

    england = open_page(browser, console)
    sign_in(england, base, "england")
    assert england.text_content(f'#dashboard [data-game="{game.pk}"] .unread-count') == "1 unread"
    england.goto(press)
    assert "1 unread" in (england.text_content("#press-threads") or "")
    england.click("#press-threads >> text=France")
    england.wait_for_selector("text=Reply to France")
    assert england.locator(".press-message.unread").count() == 1
    england.fill("#reply textarea[name=body]", "Gladly: Belgium is yours.")
    england.click("#reply button[type=submit]")
    england.wait_for_selector("text=Message sent.")
    assert "thread=FRANCE" in england.url
    assert england.locator(".press-message.unread").count() == 0
    assert england.locator(".press-body").all_inner_texts() == [
        "Gladly: Belgium is yours.",
        "Shall we share?",
    ]

    france = open_page(browser, console)
    sign_in(france, base, "france")
    france.goto(f"{press}?thread=ENGLAND")
    assert france.locator(".press-body").first.inner_text() == "Gladly: Belgium is yours."

    england.goto(f"{base}/games/{game.pk}/")
    assert england.is_hidden("#new-press") and england.is_hidden("#press-unread")
    actions.send_press(game, users["GERMANY"], "GERMANY", ["ENGLAND"], "Psst.", "ANONYMOUS")
    england.wait_for_selector("#new-press >> text=1 new message", timeout=10_000)
    assert england.text_content("#press-unread") == "1 unread"
    assert england.is_hidden("#new-results")

    pass_deadline(open_phase(game))
    sweep_deadlines()
    england.wait_for_selector("#new-results >> text=reload", timeout=10_000)
    assert csp_violations(console) == []
