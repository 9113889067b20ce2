"""End to end, in a real browser: France proposes a draw on the game page,
Germany votes yes on hers, and once the phase is adjudicated (a fog game
decides votes with its phase) both see the game end in a draw."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import actions
from games.models import Game, Phase, ResultKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"


def sign_in(browser: Any, base: str, user: Any) -> Any:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/$"))
    return page


def two_player_game() -> tuple[Game, Any, Any]:
    users = {
        name: get_user_model().objects.create_user(name, f"{name}@example.com", PASSWORD)
        for name in ("gm", "france", "germany")
    }
    game = actions.create_game(users["gm"], name="Browser draw", preset="dc2005", start_year=1901)
    actions.join(game, users["france"], ["FRANCE"])
    actions.join(game, users["germany"], ["GERMANY"])
    actions.assign_powers(game, users["gm"], by_preference=True)
    actions.start_game(game, users["gm"])
    return game, users["france"], users["germany"]


def test_it_votes_a_draw_in_a_browser(browser: Any, live_server: Any) -> None:
    game, france, germany = two_player_game()
    base = live_server.url
    first = sign_in(browser, base, france)
    first.goto(f"{base}/games/{game.pk}/")
    first.click("#propose-draw")  # the box is not ticked: the browser asks for it first
    assert "You proposed" not in first.content()
    first.check("form:has(#propose-draw) input[name=confirm]")
    first.click("#propose-draw")
    first.wait_for_selector("text=You proposed a draw among all surviving powers")

    second = sign_in(browser, base, germany)
    second.goto(f"{base}/games/{game.pk}/")
    assert "You have not voted." in second.inner_text("#votes")
    second.click("#vote-yes")
    second.wait_for_selector("text=Only the outcome is announced, when this phase is adjudicated")
    phase = game.phases.get(status=Phase.Status.OPEN)
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    for pk in actions.claim_due_phases(timezone.now()):
        actions.adjudicate_phase(pk)
    second.reload()
    assert second.inner_text("#result") == "Draw between France, Germany"

    first.reload()
    assert first.inner_text("#result") == "Draw between France, Germany"
    game.refresh_from_db()
    assert (game.result_kind, game.result_powers) == (ResultKind.DRAW, ["FRANCE", "GERMANY"])
