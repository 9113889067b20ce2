"""A player takes back an absence of their own that has moved no deadline; one
that has stays on record, and nobody may withdraw another's."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse

from games.models import Absence, Game
from games.tests.clock.test_it_moves_deadlines_past_absences import covering, day_of, declare
from games.tests.web.conftest import Personas, open_phase


def withdraw(people: Personas, name: str, game: Game, absence: Absence):
    url = reverse("game_absence_withdraw", args=[game.pk])
    return people.client(name).post(url, {"absence": absence.pk}, follow=True)


def later_absence(people: Personas, game: Game) -> Absence:
    first = day_of(open_phase(game).deadline, game) + timedelta(days=3)
    declare(people, "player", game, first, first + timedelta(days=2))
    return Absence.objects.get()


def test_a_player_withdraws_an_absence_that_moved_nothing(people: Personas, game: Game) -> None:
    absence = later_absence(people, game)
    page = withdraw(people, "player", game, absence).content.decode()
    assert "Your absence is withdrawn." in page
    assert not Absence.objects.exists()
    assert game.log.filter(action="withdraw absence").exists()


def test_nobody_withdraws_another_players_absence(people: Personas, game: Game) -> None:
    absence = later_absence(people, game)
    page = withdraw(people, "other", game, absence).content.decode()
    assert "You have no such absence in this game." in page
    assert Absence.objects.filter(pk=absence.pk).exists()


def test_an_absence_that_moved_a_deadline_stays(people: Personas, game: Game) -> None:
    first, last = covering(game)
    declare(people, "player", game, first, last)
    absence = Absence.objects.get()
    assert absence.moved_id is not None
    page = withdraw(people, "player", game, absence).content.decode()
    assert "already moved a deadline" in page
    assert Absence.objects.filter(pk=absence.pk).exists()


def test_the_game_page_offers_withdrawing(people: Personas, game: Game) -> None:
    later_absence(people, game)
    page = people.client("player").get(reverse("game", args=[game.pk])).content.decode()
    assert reverse("game_absence_withdraw", args=[game.pk]) in page
