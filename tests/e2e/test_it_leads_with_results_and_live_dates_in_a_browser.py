"""In a real browser: after a retreat phase France could see, the game page
still leads with France's own movement results, the retreat after them; and
the dashboard's deadline date follows a moved deadline without a reload."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest

from games import actions
from tests.e2e.test_it_orders_at_the_unit_in_a_browser import DESK, PHONE, signed_in_page
from tests.e2e.test_it_orders_from_the_map_in_a_browser import fog_game, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [PHONE, DESK], ids=["phone", "desk"])
def test_own_results_lead_after_a_visible_retreat(
    browser: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    game = fog_game()
    play(game, {"FRANCE": ["A Par - Bur"], "GERMANY": ["A Mun - Ruh", "A Ber - Mun"]}, "M")
    # France's Burgundy is dislodged and retreats to Picardy, in its own sight.
    play(game, {"FRANCE": ["A Bur H"], "GERMANY": ["A Ruh - Bur", "A Mun S A Ruh - Bur"]}, "R")
    play(game, {"FRANCE": ["A Bur R Pic"], "GERMANY": []}, "M")
    page = signed_in_page(browser, live_server.url, game, viewport, [])
    results = page.locator("#results")
    heading = results.locator("h2").inner_text()
    assert re.match(r"Report on fall 1901 movement", heading, re.IGNORECASE), heading
    assert "Then: Report on fall 1901 retreats" in results.inner_text()
    first = page.locator("main section.card").evaluate_all("cards => cards.map(c => c.id)")
    assert first.index("results") < first.index("votes")


def test_the_dashboard_date_follows_a_moved_deadline(
    browser: Any, live_server: Any, settings: Any
) -> None:
    settings.LIVE_POLL_SECONDS = 1
    game = fog_game()
    page = signed_in_page(browser, live_server.url, game, DESK, [])
    page.goto(f"{live_server.url}/games/")
    before = page.inner_text("#dashboard .deadline time")
    actions.extend_deadline(game, game.game_master, timedelta(days=3))
    for _ in range(50):
        if page.inner_text("#dashboard .deadline time") != before:
            break
        page.wait_for_timeout(200)
    after = page.inner_text("#dashboard .deadline time")
    assert after != before
    assert re.fullmatch(r"\w{3} \d{1,2} \w{3}, \d\d:\d\d \S+", after), after
