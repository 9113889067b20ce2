"""A full-information game opens a seat after the game's number of movement
phases in a row without orders; a fog game never does (ruling 26)."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from games import actions
from games.absences.models import Absence
from games.models import Game, Phase
from games.tests.web.conftest import Personas, forming_game, open_phase, start
from postoffice.models import OutboxMessage


def play_movement(game: Game, people: Personas) -> Phase:
    """France holds, Germany gives nothing; the phases between pass on their own."""
    phase = open_phase(game)
    while phase.kind != "M":
        assert actions.claim_phase_now(phase)
        actions.adjudicate_phase(phase.pk)
        phase = open_phase(game)
    actions.submit_orders(phase, people.player, "FRANCE", ["A PAR H"])
    assert actions.claim_phase_now(phase)
    return actions.adjudicate_phase(phase.pk)


def set_rules(people: Personas, game: Game, open_after: str) -> str:
    data = {"in_lobby": "on", "open_seat_after": open_after, "newcomer_extension": "24h"}
    url = reverse("console_seat_rules", args=[game.pk])
    return people.client("gm").post(url, data, follow=True).content.decode()


def test_it_opens_the_seat_after_two_missed_movement_phases(people: Personas) -> None:
    game = forming_game(people)
    start(game, people)
    assert "Seat settings saved" in set_rules(people, game, "2")
    play_movement(game, people)
    assert not game.open_seats.exists()
    play_movement(game, people)
    (opened,) = game.open_seats.all()
    assert (opened.power, opened.reason) == ("GERMANY", "missed")
    assert game.seat_of(people.other) is None and game.seat_of(people.player)
    farewell = OutboxMessage.objects.get(game=game, kind="farewell", user=people.other)
    assert farewell.context["how"] == "missed"


def test_phases_inside_a_declared_absence_are_not_missed(people: Personas) -> None:
    game = forming_game(people, open_seat_after=2)
    start(game, people)
    today = timezone.localdate(open_phase(game).deadline, game.clock().tz)
    Absence.objects.create(
        game=game,
        user=people.other,
        power="GERMANY",
        first_day=today - timedelta(days=1),
        last_day=today + timedelta(days=60),
    )
    play_movement(game, people)
    play_movement(game, people)
    play_movement(game, people)
    assert not game.open_seats.exists()
    Absence.objects.filter(game=game).update(status=Absence.Status.REFUSED)
    play_movement(game, people)
    play_movement(game, people)
    assert [seat.power for seat in game.open_seats.all()] == ["GERMANY"]


def test_orders_in_between_start_the_count_again(people: Personas) -> None:
    game = forming_game(people, open_seat_after=2)
    start(game, people)
    play_movement(game, people)
    phase = open_phase(game)
    while phase.kind != "M":
        actions.claim_phase_now(phase)
        actions.adjudicate_phase(phase.pk)
        phase = open_phase(game)
    actions.submit_orders(phase, people.other, "GERMANY", ["A BER H"])
    play_movement(game, people)  # Germany ordered
    play_movement(game, people)  # missed: one in a row, not two
    assert not game.open_seats.exists()
    play_movement(game, people)
    assert [seat.power for seat in game.open_seats.all()] == ["GERMANY"]


def test_a_fog_game_refuses_the_setting(people: Personas) -> None:
    game = forming_game(people, preset="dc2005")
    start(game, people)
    assert "nobody may learn who missed orders" in set_rules(people, game, "2")
    game.refresh_from_db()
    assert game.open_seat_after == 0


def test_the_new_game_form_refuses_it_for_a_fog_game_and_keeps_what_was_typed(
    people: Personas,
) -> None:
    data = {
        "name": "Misty",
        "preset": "dc2005",
        "start_year": "1901",
        "movement": "48h",
        "retreat": "24h",
        "adjustment": "24h",
        "time_zone": "UTC",
        "press_mode": "white",
        "open_seat_after": "3",
        "newcomer_extension": "12h",
    }
    html = people.client("gm").post(reverse("game_create"), data).content.decode()
    assert "nobody may learn who missed orders" in html
    assert 'value="Misty"' in html and 'value="12h"' in html
    data.update(preset="standard")
    people.client("gm").post(reverse("game_create"), data)
    game = Game.objects.get(name="Misty")
    assert (game.open_seat_after, game.newcomer_extension_minutes) == (3, 12 * 60)
