"""End to end, in a real browser: a game master creates a game, a player joins
and orders in the form, the deadline passes, and the player sees the fogged result."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game, Phase
from games.tasks import sweep_deadlines
from tests.fixtures import confirmed_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"


def sign_in(browser: Any, base: str, username: str, console: list[str] | None = None) -> Any:
    confirmed_user(username, f"{username}@example.com", PASSWORD)
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    if console is not None:
        page.on("console", lambda message: console.append(message.text))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    return page


def create_game(gm: Any, base: str) -> Game:
    gm.goto(f"{base}/games/new/")
    gm.fill("#id_name", "Browser fog")
    gm.select_option("#id_preset", "dc2005")
    gm.fill("#id_movement", "24h")
    gm.click("text=Create the game")
    gm.wait_for_url(re.compile(r"/console/$"))
    return Game.objects.get(name="Browser fog")


def csp_violations(console: list[str]) -> list[str]:
    return [line for line in console if "Content Security Policy" in line]


def test_it_plays_a_phase_in_a_browser(browser: Any, live_server: Any) -> None:
    base = live_server.url
    console: list[str] = []
    gm = sign_in(browser, base, "gm", console)
    game = create_game(gm, base)
    join_link = gm.input_value("input.copy")

    player = sign_in(browser, base, "france", console)
    player.goto(join_link)
    player.select_option("#id_first", "FRANCE")
    player.click("text=Join the game")
    player.wait_for_url(re.compile(rf"/games/{game.pk}/$"))

    gm.reload()
    gm.select_option("select[name=method]", "preference")
    gm.click("text=Assign powers")
    gm.click("text=Start the game")
    gm.wait_for_selector("text=The whole board")

    player.reload()
    player.select_option("select[name=row_0]", "A MAR - SPA")
    player.fill("textarea[name=typed]", "A Par - Bur\nF Bre - Nowhere")
    player.wait_for_selector("#checked-lines li.bad")
    assert 'could not read "Nowhere"' in player.inner_text("#checked-lines")
    player.fill("textarea[name=typed]", "A Par - Bur\nF Bre - Mao")
    player.wait_for_selector("#checked-lines li.ok >> nth=1")
    player.click("text=Save orders")
    player.wait_for_selector("text=Orders saved")

    phase = game.phases.get(status=Phase.Status.OPEN)
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    sweep_deadlines()

    player.reload()
    report = player.inner_text(".record")
    assert "A Par - Bur (succeeds)" in report
    assert "A Mar - Spa (succeeds)" in report
    # Far out of France's sight; the map's legend names every power of the
    # board alike, whoever looks, so it is left out of the report.
    for legend in player.locator(".record .map-legend").all_inner_texts():
        report = report.replace(legend, "")
    assert "Turkey" not in report
    map_image = player.locator("figure.map img")
    map_image.scroll_into_view_if_needed()
    # Polled from here: wait_for_function evaluates its text in the page, which
    # the Content-Security-Policy forbids (no 'unsafe-eval').
    for _ in range(100):
        if map_image.evaluate("img => img.naturalWidth") > 0:
            break
        player.wait_for_timeout(100)
    assert map_image.evaluate("img => img.naturalWidth") > 0
    assert "retreats" in player.inner_text(".phase-bar").lower()
    assert csp_violations(console) == []
