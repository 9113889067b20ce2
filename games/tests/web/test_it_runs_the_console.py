"""The game master's controls, each one logged."""

from __future__ import annotations

import re
import zoneinfo
from datetime import datetime, timedelta
from html import unescape

from django.urls import reverse
from django.utils import timezone

from accounts import actions as account_actions
from games.models import Game, Phase, Seat
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, open_phase, pass_deadline


def control(people: Personas, game: Game, name: str, data: dict | None = None):
    url = reverse(f"console_{name}", args=[game.pk])
    return people.client("gm").post(url, data or {}, follow=True)


def logged(game: Game, action: str, people: Personas) -> bool:
    return game.log.filter(action=action, actor=people.gm).exists()


def test_it_shows_the_whole_board_beside_a_powers_view(people: Personas, fog_game: Game) -> None:
    url = reverse("console", args=[fog_game.pk]) + "?power=FRANCE"
    html = people.client("gm").get(url).content.decode()
    assert "The whole board" in html
    assert "A MUN" in html  # the full record
    assert (
        html.count('<img src="/games/') == 2 and html.count("map.png?power=") == 4
    )  # two maps, each linked full size


def test_it_extends_the_deadline(people: Personas, game: Game) -> None:
    before = open_phase(game).deadline
    control(people, game, "extend", {"by": "2h"})
    assert open_phase(game).deadline == before + timedelta(hours=2)
    assert logged(game, "extend deadline", people)


def test_it_names_a_bad_extension(people: Personas, game: Game) -> None:
    response = control(people, game, "extend", {"by": "soon"})
    assert 'Could not read "soon"' in unescape(response.content.decode())


def test_it_sets_the_deadline_in_the_game_masters_time_zone(people: Personas, game: Game) -> None:
    account_actions.update_profile(people.gm, "Asia/Tokyo")
    when = timezone.now() + timedelta(days=3)
    local = when.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo")).strftime("%Y-%m-%dT%H:%M")
    control(people, game, "deadline", {"deadline": local})
    expected = datetime.strptime(local, "%Y-%m-%dT%H:%M").replace(
        tzinfo=zoneinfo.ZoneInfo("Asia/Tokyo")
    )
    assert open_phase(game).deadline == expected
    assert logged(game, "set deadline", people)


def test_it_refuses_a_deadline_in_the_past(people: Personas, game: Game) -> None:
    response = control(people, game, "deadline", {"deadline": "2001-01-01T10:00"})
    assert "must be in the future" in response.content.decode()


def test_it_pauses_and_resumes_the_clock(people: Personas, game: Game) -> None:
    left = open_phase(game).deadline - timezone.now()
    control(people, game, "pause")
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED
    pass_deadline(open_phase(game))
    assert sweep_deadlines() == []
    control(people, game, "resume")
    remaining = open_phase(game).deadline - timezone.now()
    assert abs(remaining - left) < timedelta(minutes=1)
    assert logged(game, "pause", people) and logged(game, "resume", people)


def test_it_processes_now(people: Personas, game: Game, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        control(people, game, "process", {"confirm": "on"})
    assert game.phases.get(name="S1901M").status == Phase.Status.DONE
    assert logged(game, "process now", people)


def test_it_replaces_a_player(people: Personas, game: Game) -> None:
    control(people, game, "replace", {"power": "GERMANY", "username": "stranger", "confirm": "on"})
    assert game.seats.get(power="GERMANY", status=Seat.Status.ACTIVE).user == people.stranger
    assert logged(game, "replace player", people)
    assert people.client("other").get(reverse("game", args=[game.pk])).status_code == 200
    assert people.client("stranger").get(reverse("game", args=[game.pk])).status_code == 200


def test_it_replaces_no_one_without_the_box_ticked(people: Personas, game: Game) -> None:
    response = control(people, game, "replace", {"power": "GERMANY", "username": "stranger"})
    assert "Tick the box to confirm the new player" in unescape(response.content.decode())
    assert game.seats.get(power="GERMANY", status=Seat.Status.ACTIVE).user != people.stranger


def test_it_names_an_unknown_user(people: Personas, game: Game) -> None:
    response = control(
        people, game, "replace", {"power": "GERMANY", "username": "nobody", "confirm": "on"}
    )
    assert 'There is no user called "nobody"' in unescape(response.content.decode())


def test_it_ends_the_game(people: Personas, game: Game) -> None:
    control(people, game, "end", {"result": "Draw France-Germany", "confirm": "on"})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result == "Draw France-Germany"
    assert logged(game, "end game", people)


def test_a_finished_games_console_shows_the_result_and_no_live_phase(
    people: Personas, game: Game
) -> None:
    control(people, game, "end", {"result": "Draw France-Germany", "confirm": "on"})
    html = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    assert 'id="game-over"' in html and "Draw France-Germany" in html
    assert "phase-bar" not in html and "data-countdown" not in html
    assert "Process now" not in html and reverse("console_orders", args=[game.pk]) not in html


def test_the_process_and_end_buttons_need_their_box_ticked(people: Personas, game: Game) -> None:
    html = people.client("gm").get(reverse("console", args=[game.pk])).content.decode()
    for action in ("console_process", "console_end"):
        form = re.search(rf'action="{reverse(action, args=[game.pk])}".*?</form>', html, re.S)
        assert form and 'name="confirm" required' in form.group(0), action


def test_it_asks_before_ending_or_processing(people: Personas, game: Game) -> None:
    ended = control(people, game, "end", {"result": "Draw France-Germany"})
    processed = control(people, game, "process")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.phases.get(name="S1901M").status == Phase.Status.OPEN
    page = unescape(processed.content.decode())
    assert "Tick the box to confirm that the game ends" in unescape(ended.content.decode())
    assert "Tick the box to confirm: the phase is adjudicated at once" in page
    assert not logged(game, "end game", people) and not logged(game, "process now", people)


def test_it_turns_unfogging_off(people: Personas, game: Game) -> None:
    control(people, game, "unfog", {})
    game.refresh_from_db()
    assert not game.unfog_when_finished
    assert logged(game, "unfog when finished", people)


def test_it_shows_the_log(people: Personas, game: Game) -> None:
    html = people.client("gm").get(reverse("game_log", args=[game.pk])).content.decode()
    assert "create" in html and "start" in html and "assign" in html
