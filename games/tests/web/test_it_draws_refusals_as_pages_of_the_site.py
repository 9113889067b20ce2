"""A refusal is a page of the site: 403 says why in the site's layout; 404 says
the same words for every missing page, so it tells nobody whether a game exists."""

from __future__ import annotations

from django.urls import reverse

from games.models import Game
from games.tests.web.conftest import Personas


def test_a_member_refused_a_game_masters_page_is_told_why(people: Personas, game: Game) -> None:
    answer = people.client("player").get(reverse("console", args=[game.pk]))
    page = answer.content.decode()
    assert answer.status_code == 403
    assert "Only the game master can do that." in page
    assert "<main>" in page and "Your games" in page


def test_a_missing_game_and_a_strangers_game_read_alike(people: Personas, game: Game) -> None:
    stranger = people.client("stranger")
    theirs = stranger.get(reverse("game", args=[game.pk]))
    missing = stranger.get(reverse("game", args=[game.pk + 1000]))
    assert theirs.status_code == missing.status_code == 404
    assert theirs.content == missing.content
    assert b"There is nothing here, or nothing you may see." in theirs.content
