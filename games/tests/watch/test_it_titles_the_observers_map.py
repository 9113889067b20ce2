"""A spectator's map is the observer's record, titled as such and fogged as
that record says: not an empty board titled "Game master's view"."""

from __future__ import annotations

from django.urls import reverse

from adjudication.mapgraph import load_map
from games.maps_adapter import for_observer, page_png
from games.models import OBSERVER_POWER
from games.tests.watch.test_it_lets_non_members_watch import watched_game
from games.tests.web.conftest import Personas
from maps.legend import viewpoint
from maps.record import read_record

PROVINCES = frozenset(load_map().provinces)


def observer_record(game) -> dict:
    return game.records.filter(power=OBSERVER_POWER).order_by("-ordinal").first().data


def test_the_observers_map_is_titled_and_fogged_as_the_observers(people: Personas) -> None:
    record = observer_record(watched_game(people))
    as_drawn = read_record(for_observer(record), PROVINCES)
    assert viewpoint(as_drawn) == "Observer's view"
    assert not any(as_drawn.can_see(province) for province in PROVINCES - as_drawn.sees)
    unmarked = read_record(record, PROVINCES)
    assert viewpoint(unmarked) == "Game master's view"  # the same record, drawn as before


def test_a_spectator_gets_the_observers_map(people: Personas) -> None:
    game = watched_game(people)
    response = people.client("stranger").get(reverse("game_map_latest", args=[game.pk]))
    assert response.status_code == 200
    record = observer_record(game)
    assert response.content == page_png(for_observer(record), game.name)
    assert response.content != page_png(record, game.name)
