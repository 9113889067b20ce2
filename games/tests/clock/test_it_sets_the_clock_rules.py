"""The clock rules on the new-game form and the console, and the deadlines
they give: a clock time of day in the game's zone, weekends skipped."""

from __future__ import annotations

from datetime import UTC, datetime, time
from zoneinfo import ZoneInfo

from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas, forming_game
from games.tests.web.test_it_forms_games import GOOD

CLOCK = {
    "deadline_time": "20:00",
    "skip_weekends": "on",
    "grace": "12h",
    "grace_extensions": "2",
    "ready_delay": "10",
    "absence_limit": "1",
}


def test_it_creates_a_game_with_clock_rules(people: Personas) -> None:
    people.client("gm").post(reverse("game_create"), {**GOOD, **CLOCK, "preset": "standard"})
    game = Game.objects.get(name="Fog over Flanders")
    assert game.deadline_time == time(20, 0) and game.skip_weekends
    assert (game.grace_minutes, game.grace_extensions) == (720, 2)
    assert (game.ready_delay_minutes, game.absence_limit) == (10, 1)


def test_it_keeps_the_old_defaults_when_left_empty(people: Personas) -> None:
    people.client("gm").post(reverse("game_create"), {**GOOD, "preset": "standard"})
    game = Game.objects.get(name="Fog over Flanders")
    assert game.deadline_time is None and not game.skip_weekends
    assert (game.grace_extensions, game.ready_delay_minutes, game.absence_limit) == (0, 5, 2)


def test_a_fog_game_moves_no_deadline_for_absences(people: Personas) -> None:
    people.client("gm").post(reverse("game_create"), GOOD)
    assert Game.objects.get(name="Fog over Flanders").absence_limit == 0


def test_a_fog_game_refuses_absence_moves_and_says_why(people: Personas) -> None:
    response = people.client("gm").post(reverse("game_create"), {**GOOD, **CLOCK})
    html = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "absences move no deadline there" in html
    assert 'value="20:00"' in html and 'value="12h"' in html


def test_the_console_refuses_absence_moves_in_a_fog_game(people: Personas, fog_game: Game) -> None:
    url = reverse("console_clock", args=[fog_game.pk])
    response = people.client("gm").post(url, CLOCK, follow=True)
    assert "absences move no deadline there" in response.content.decode()
    fog_game.refresh_from_db()
    assert fog_game.grace_extensions == 0
    people.client("gm").post(url, {**CLOCK, "absence_limit": ""})
    fog_game.refresh_from_db()
    assert (fog_game.grace_extensions, fog_game.absence_limit) == (2, 0)


def test_it_names_a_bad_value_and_keeps_the_rest(people: Personas) -> None:
    bad = {**GOOD, **CLOCK, "grace_extensions": "9"}
    response = people.client("gm").post(reverse("game_create"), bad)
    html = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "less than or equal to 5" in html
    assert 'value="20:00"' in html and 'value="12h"' in html


def test_the_game_master_changes_them_on_the_console(people: Personas, game: Game) -> None:
    url = reverse("console_clock", args=[game.pk])
    people.client("gm").post(url, CLOCK)
    game.refresh_from_db()
    assert game.deadline_time == time(20, 0) and game.grace_extensions == 2
    assert game.log.filter(action="clock rules").exists()
    html = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    assert 'value="12h"' in html and 'value="20:00"' in html


def test_a_player_cannot_change_them(people: Personas, game: Game) -> None:
    response = people.client("player").post(reverse("console_clock", args=[game.pk]), CLOCK)
    assert response.status_code in (403, 404)
    game.refresh_from_db()
    assert game.grace_extensions == 0


def test_the_console_names_a_bad_value(people: Personas, game: Game) -> None:
    url = reverse("console_clock", args=[game.pk])
    response = people.client("gm").post(url, {**CLOCK, "ready_delay": "-3"}, follow=True)
    assert "greater than or equal to 0" in response.content.decode()
    game.refresh_from_db()
    assert game.ready_delay_minutes == 5


def test_the_first_deadline_follows_the_clock_rules(people: Personas) -> None:
    game = forming_game(
        people, time_zone="Europe/Paris", deadline_time=time(20, 0), skip_weekends=True
    )
    thursday_noon = datetime(2026, 11, 26, 11, 0, tzinfo=UTC)
    phase = actions.start_game(game, people.gm, now=thursday_noon)
    local = phase.deadline.astimezone(ZoneInfo("Europe/Paris"))
    # 48 hours after Thursday noon is Saturday noon; the next 20:00 is on the
    # Saturday, which moves to the Monday
    assert local.date().isoformat() == "2026-11-30" and local.time() == time(20, 0)
    assert local.weekday() == 0
