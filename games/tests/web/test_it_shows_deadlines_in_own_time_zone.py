"""Each person sees deadlines in their own time zone."""

from __future__ import annotations

from datetime import UTC, datetime

from django.urls import reverse

from accounts import actions as account_actions
from accounts.models import Profile
from games.models import Game, Phase
from games.tests.web.conftest import Personas, open_phase


def set_deadline(game: Game) -> None:
    deadline = datetime(2030, 1, 15, 12, 0, tzinfo=UTC)
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=deadline)


def test_it_shows_the_players_time_zone(people: Personas, game: Game) -> None:
    set_deadline(game)
    account_actions.update_profile(people.player, "Asia/Tokyo")
    html = people.client("player").get(reverse("dashboard")).content.decode()
    assert "Tue 15 Jan, 21:00 JST" in html


def test_it_shows_utc_without_a_profile(people: Personas, game: Game) -> None:
    set_deadline(game)
    html = people.client("other").get(reverse("game", args=[game.pk])).content.decode()
    assert "Tue 15 Jan, 12:00 UTC" in html


def test_it_saves_the_time_zone_from_the_profile_page(people: Personas) -> None:
    people.client("player").post(reverse("profile"), {"time_zone": "America/New_York"})
    assert Profile.objects.get(user=people.player).time_zone == "America/New_York"


def test_it_adds_the_games_time_zone_when_it_differs(people: Personas, game: Game) -> None:
    set_deadline(game)
    Game.objects.filter(pk=game.pk).update(time_zone="Europe/Paris")
    html = people.client("other").get(reverse("game", args=[game.pk])).content.decode()
    assert "Tue 13:00 CET in the game's time zone" in html


def test_it_leaves_out_the_games_time_zone_when_it_is_the_same(
    people: Personas, game: Game
) -> None:
    html = people.client("other").get(reverse("game", args=[game.pk])).content.decode()
    assert "in the game's time zone" not in html
