"""A signed-in page is its reader's alone: `Cache-Control: private, no-store`,
so no proxy or shared computer keeps a power's page; and a NUL in a query
parameter is refused with 400 before any view reads it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.tests.web.conftest import Personas


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


@pytest.mark.parametrize("page", ["game", "game_history", "game_press", "dashboard", "profile"])
def test_signed_in_pages_are_private_and_not_stored(people: Personas, game, page) -> None:
    args = [] if page in ("dashboard", "profile") else [game.pk]
    response = people.client("player").get(reverse(page, args=args))
    assert response.status_code == 200
    assert {"private", "no-store"} <= cache_control(response)


def test_the_game_masters_console_is_private(people: Personas, game) -> None:
    response = people.client("gm").get(reverse("console", args=[game.pk]))
    assert {"private", "no-store"} <= cache_control(response)


def test_a_page_for_nobody_in_particular_may_be_cached(client, db) -> None:
    assert "no-store" not in cache_control(client.get(reverse("home")))


@pytest.mark.parametrize(
    "url", ["history/1/?power=FRA%00NCE", "history/?power=%00", "console/?power=%00", "?x%00=1"]
)
def test_a_nul_in_a_query_parameter_is_a_400(people: Personas, game, url) -> None:
    response = people.client("gm").get(f"/games/{game.pk}/{url}")
    assert response.status_code == 400
    assert b"NUL" in response.content
