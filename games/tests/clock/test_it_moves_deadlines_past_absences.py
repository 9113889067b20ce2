"""Absences: a player declares the days they are away on the game page; a
deadline falling inside moves once to after it, up to the game's limit per
player, announced to all alike; the game master sees them and can refuse."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.urls import reverse

from games.actions.absences import move_past_absences
from games.deadlines import after_absence
from games.models import Absence, Game, Phase
from games.tests.clock.conftest import as_read, deadline_mail, later, sweep
from games.tests.web.conftest import Personas, open_phase


def day_of(moment: datetime, game: Game) -> date:
    return moment.astimezone(game.clock().tz).date()


def declare(people: Personas, name: str, game: Game, first: date, last: date):
    url = reverse("game_absence", args=[game.pk])
    return people.client(name).post(url, {"first_day": first, "last_day": last})


def covering(game: Game, days_after: int = 2) -> tuple[date, date]:
    """From the day of the open phase's deadline to ``days_after`` days later."""
    first = day_of(open_phase(game).deadline, game)
    return first, first + timedelta(days=days_after)


def test_a_deadline_in_an_absence_moves_past_it(people: Personas, game: Game) -> None:
    first, last = covering(game)
    response = declare(people, "player", game, first, last)
    assert response.status_code == 302
    phase = open_phase(game)
    assert phase.deadline == after_absence(last, "M", game.clock())
    assert [row.power for row in deadline_mail(game)] == ["FRANCE", "GERMANY"]
    assert Absence.objects.get().moved == phase
    assert game.log.filter(action="deadline moved", detail__contains="absence").exists()


def test_an_absence_elsewhere_moves_nothing(people: Personas, game: Game) -> None:
    deadline = open_phase(game).deadline
    first = day_of(deadline, game) + timedelta(days=1)
    declare(people, "player", game, first, first + timedelta(days=3))
    assert open_phase(game).deadline == deadline
    assert deadline_mail(game) == []


def test_an_absence_moves_a_deadline_once(people: Personas, game: Game) -> None:
    declare(people, "player", game, *covering(game))
    phase = open_phase(game)
    moved = phase.deadline
    Phase.objects.filter(pk=phase.pk).update(deadline=moved - timedelta(days=1))
    assert not move_past_absences(open_phase(game))


def test_each_player_has_a_limited_number_of_moves(people: Personas, game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(absence_limit=1)
    declare(people, "player", game, *covering(game, 0))
    deadline = open_phase(game).deadline
    declare(people, "player", game, *covering(game, 0))
    assert open_phase(game).deadline == deadline
    declare(people, "other", game, *covering(game, 0))  # Germany has its own move
    assert open_phase(game).deadline > deadline


def test_a_new_phase_opening_inside_an_absence_moves(people: Personas, game: Game) -> None:
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=later(1))
    # the next phase opens when adjudicated (now) and would end 48 hours later
    first = day_of(later(48 * 60), game)
    last = first + timedelta(days=1)
    declare(people, "other", game, first, last)
    assert len(sweep(later(2))) == 1
    autumn = open_phase(game)
    assert autumn.name == "F1901M"
    assert autumn.deadline == after_absence(last, "M", game.clock())


def test_the_game_master_refuses_an_absence(people: Personas, game: Game) -> None:
    deadline = open_phase(game).deadline
    first = day_of(deadline, game) + timedelta(days=1)
    declare(people, "player", game, first, first)
    absence = Absence.objects.get()
    gm = people.client("gm")
    console = gm.get(reverse("console", args=[game.pk])).content.decode()
    assert "france" in console and first.isoformat() in console
    gm.post(reverse("console_refuse_absence", args=[game.pk]), {"absence": absence.pk})
    absence.refresh_from_db()
    assert absence.status == Absence.Status.REFUSED
    Phase.objects.filter(pk=open_phase(game).pk).update(deadline=deadline + timedelta(days=1))
    assert not move_past_absences(open_phase(game))


def test_a_player_cannot_refuse(people: Personas, game: Game) -> None:
    declare(people, "player", game, *covering(game))
    absence = Absence.objects.get()
    url = reverse("console_refuse_absence", args=[game.pk])
    people.client("other").post(url, {"absence": absence.pk})
    absence.refresh_from_db()
    assert absence.status == Absence.Status.ACCEPTED


def test_it_names_bad_dates_and_keeps_them(people: Personas, game: Game) -> None:
    first = day_of(open_phase(game).deadline, game)
    response = declare(people, "player", game, first, first - timedelta(days=2))
    html = response.content.decode()
    assert response.status_code == 400
    assert "must end on or after the day it starts" in html
    assert f'value="{first.isoformat()}"' in html
    assert not Absence.objects.exists()


def test_it_refuses_an_absence_already_over(people: Personas, game: Game) -> None:
    long_ago = date(2020, 1, 1)
    response = declare(people, "player", game, long_ago, long_ago)
    assert "already over" in response.content.decode()
    assert not Absence.objects.exists()


def test_only_the_player_and_the_game_master_see_it(people: Personas, game: Game) -> None:
    first = day_of(open_phase(game).deadline, game) + timedelta(days=5)
    declare(people, "player", game, first, first)
    mine = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    theirs = people.client("other").get(reverse("game", args=[game.pk])).content.decode()
    assert first.isoformat() in mine
    assert first.isoformat() not in theirs


def test_every_player_reads_the_same_announcement(people: Personas, game: Game) -> None:
    declare(people, "other", game, *covering(game))
    france, germany = (as_read(row) for row in deadline_mail(game))
    assert france == germany
    assert "away" not in france[1].lower() and "absen" not in france[1].lower()
