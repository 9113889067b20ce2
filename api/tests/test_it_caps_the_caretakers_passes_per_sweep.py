"""One sweep plays at most CARETAKER_PASSES_PER_SWEEP seats, site-wide: the
seats of real games first, then the nearest deadlines; practice games, which
any account may start, come last and wait for the next sweep."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from api.caretaking import run_caretakers
from games import actions
from games.models import Game, Phase
from games.seats.models import CaretakerSeat


def against_caretakers(gm, name="Alone"):
    """A game of seven caretakers."""
    game = actions.create_game(gm, name=name, preset="diplomyopia", start_year=1901)
    actions.start_with_caretakers(game, gm)
    return game


def deadline_in(game, hours):
    phases = Phase.objects.filter(game=game, status=Phase.Status.OPEN)
    phases.update(deadline=timezone.now() + timedelta(hours=hours))


def seats_of(game):
    return set(CaretakerSeat.objects.filter(game=game).values_list("pk", flat=True))


def test_a_sweep_plays_no_more_than_its_cap(people, settings):
    settings.CARETAKER_PASSES_PER_SWEEP = 3
    game = against_caretakers(people.gm)
    sweeps = [run_caretakers() for _ in range(4)]
    assert [len(played) for played in sweeps] == [3, 3, 1, 0]
    assert {pk for played in sweeps for pk in played} == seats_of(game)


def test_a_real_game_goes_before_practice_games(people, settings):
    settings.CARETAKER_PASSES_PER_SWEEP = 7
    practice = actions.start_practice_game(people.player, "standard", "FRANCE")
    real = against_caretakers(people.gm)
    deadline_in(practice, 1)
    deadline_in(real, 48)  # the practice game's deadline is nearer, and still waits
    assert set(run_caretakers()) == seats_of(real)
    assert set(run_caretakers()) == seats_of(practice)


def test_the_nearest_deadline_goes_first(people, settings):
    settings.CARETAKER_PASSES_PER_SWEEP = 7
    later = against_caretakers(people.gm, "Later")
    sooner = against_caretakers(people.gm, "Sooner")
    deadline_in(later, 48)
    deadline_in(sooner, 2)
    assert set(run_caretakers()) == seats_of(sooner)
    assert Game.objects.get(pk=later.pk).status == Game.Status.ACTIVE
    assert set(run_caretakers()) == seats_of(later)
