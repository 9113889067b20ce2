"""The web pages show the map without its legend and set the legend beside
it as text: the board's powers in their colours and the symbols, the drawn
legend's entries. It comes from the rule set's board alone, so every power
reads the same legend whatever it knows; the picture a program fetches by
the API, and an email's, keep their drawn legend."""

from __future__ import annotations

import re

from django.urls import reverse

from games import maps_adapter
from games.map_legend import map_legend
from games.models import Game
from games.records import latest_record
from games.tests.web.conftest import Personas
from maps.legend import EXAMPLES

LEGEND = re.compile(r'<div class="map-legend".*?</ul></div>', re.S)


def legends_on(people: Personas, persona: str, url: str) -> list[str]:
    response = people.client(persona).get(url)
    assert response.status_code == 200
    return LEGEND.findall(response.content.decode())


def test_the_game_page_sets_the_legend_beside_the_picture(people: Personas, game: Game) -> None:
    (legend,) = legends_on(people, "player", reverse("game", args=[game.pk]))
    names = re.findall(r"<span>([^<]*)</span>", legend)
    powers = [power.title() for power in maps_adapter.colours_of(game.preset)]
    assert names == [*powers, *(text.replace("'", "&#x27;") for _, text in EXAMPLES)]
    for colour in ((213, 94, 0), (0, 114, 178)):  # Austria's and England's, as drawn
        assert 'fill="#{:02x}{:02x}{:02x}"'.format(*colour) in legend


def test_the_pages_picture_has_no_legend_and_the_apis_keeps_it(
    people: Personas, game: Game
) -> None:
    record = latest_record(game, "FRANCE")
    assert record is not None
    page = people.client("player").get(reverse("game_map_latest", args=[game.pk]))
    assert page.content == maps_adapter.page_png(record, game.name)
    assert page.content != maps_adapter.record_png(record, game.name)
    title = maps_adapter.map_title(game.name, record)
    plain = maps_adapter.picture_name(record, title, legend=False)
    assert plain.startswith("maps/plain/")


def test_every_power_reads_the_same_legend_whatever_it_knows(
    people: Personas, fog_game: Game
) -> None:
    france, germany = (latest_record(fog_game, power) for power in ("FRANCE", "GERMANY"))
    assert france is not None and germany is not None
    assert france["sees"] != germany["sees"]  # they know different things
    url = reverse("game", args=[fog_game.pk])
    seen = {persona: legends_on(people, persona, url) for persona in ("player", "other")}
    assert seen["player"] == seen["other"] == [str(map_legend(fog_game.preset))]


def test_history_shows_the_legend_beside_each_map(people: Personas, game: Game) -> None:
    url = reverse("game_history_phase", args=[game.pk, 0])
    assert legends_on(people, "player", url) == [str(map_legend(game.preset))]
