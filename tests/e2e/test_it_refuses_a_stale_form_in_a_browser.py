"""In a real browser at phone size: the dashboard shows the player's state
and counts the deadline down; the player orders a support from the menus,
and a tab left open across the adjudication is refused with the phase open
now, the lines given back in the box."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import OrderSheet, Phase
from games.tasks import sweep_deadlines
from tests.e2e.test_it_plays_a_phase_in_a_browser import create_game, csp_violations, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SUPPORT = "F BRE S A PAR - PIC"


def counted(page: Any) -> str:
    """The countdown's text once the page's script has redrawn it (the
    server's words are spaced with no-break spaces, the script's are not)."""
    text = page.inner_text("[data-countdown]")
    for _ in range(50):
        if "\xa0" not in text:
            break
        page.wait_for_timeout(100)
        text = page.inner_text("[data-countdown]")
    return text


def test_it_orders_a_support_and_refuses_the_stale_form(browser: Any, live_server: Any) -> None:
    base = live_server.url
    console: list[str] = []
    gm = sign_in(browser, base, "gm", console)
    game = create_game(gm, base)
    player = sign_in(browser, base, "france", console)
    player.goto(gm.input_value("input.copy"))
    player.select_option("#id_first", "FRANCE")
    player.click("text=Join the game")
    player.wait_for_url(re.compile(rf"/games/{game.pk}/$"))
    gm.reload()
    gm.select_option("select[name=method]", "preference")
    gm.click("text=Assign powers")
    gm.click("text=Start the game")
    gm.wait_for_selector("text=The whole board")

    player.goto(f"{base}/games/")  # the dashboard: own state, a countdown drawn by the page
    assert player.text_content(".order-state") == "no orders"
    assert re.fullmatch(r"\d+ hours?(, \d+ minutes?)?|\d+ minutes?", counted(player))
    player.goto(f"{base}/games/{game.pk}/")
    player.select_option(f"select:has(option[value='{SUPPORT}'])", SUPPORT)
    player.fill("textarea[name=typed]", "A Par - Pic")
    player.click("text=Save orders")
    player.wait_for_selector("text=Orders saved")
    spring = game.phases.get(status=Phase.Status.OPEN)
    assert OrderSheet.objects.get(phase=spring, power="FRANCE").parsed == [SUPPORT, "A PAR - PIC"]

    player.fill("textarea[name=typed]", "A Par - Bur")
    Phase.objects.filter(pk=spring.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    sweep_deadlines()
    player.click("text=Save orders")
    player.wait_for_selector("text=the phase has moved on")
    assert "Spring 1901 retreats is open now" in player.inner_text("body")
    kept = player.input_value("textarea[name=typed]")
    assert SUPPORT in kept and "A Par - Bur" in kept
    retreats = game.phases.get(status=Phase.Status.OPEN)
    assert not OrderSheet.objects.filter(phase=retreats, power="FRANCE").exists()
    assert csp_violations(console) == []
