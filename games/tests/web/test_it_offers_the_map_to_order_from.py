"""Ordering from the map: the game page's controls carry only what the page
already shows (the power's own units, the units its record lists), the
outlines come from a public endpoint that costs no SQL, and the map links to
its full-size picture. The clicking itself is tested in a browser
(tests/e2e/test_it_orders_from_the_map_in_a_browser.py)."""

from __future__ import annotations

import json
import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import actions
from games.models import Game
from games.records import latest_knowledge
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, open_phase, pass_deadline
from maps.geometry import load_geometry


def page(people: Personas, game: Game, who: str = "player") -> str:
    return people.client(who).get(reverse("game", args=[game.pk])).content.decode()


def attribute(html: str, name: str) -> str:
    found = re.search(rf'{name}="([^"]*)"', html)
    assert found, f"no {name} on the page"
    return found.group(1)


def test_it_gives_the_map_controls_the_players_own_units(people: Personas, fog_game: Game) -> None:
    html = page(people, fog_game)
    assert 'id="map-orders"' in html
    assert sorted(attribute(html, "data-own-units").split(",")) == ["A MAR", "A PAR", "F BRE"]
    assert attribute(html, "data-phase-kind") == "M"
    assert attribute(html, "data-shapes-url") == "/maps/dc2005/shapes.json"


def test_it_lists_only_units_the_record_shows(people: Personas, fog_game: Game) -> None:
    seen = set(attribute(page(people, fog_game), "data-seen-units").split(","))
    knowledge = latest_knowledge(fog_game, "FRANCE")
    assert knowledge is not None
    assert seen == {unit for units in knowledge.units.values() for unit in units}
    assert "A MOS" not in seen  # far beyond France's sight


def test_it_offers_the_dislodged_units_in_a_retreat(people: Personas, fog_game: Game) -> None:
    play(fog_game, people, ["A Par - Bur"], ["A Mun - Ruh", "A Ber - Mun"], until="M")
    play(fog_game, people, ["A Bur H"], ["A Ruh - Bur", "A Mun S A Ruh - Bur"], until="R")
    html = page(people, fog_game)
    assert attribute(html, "data-phase-kind") == "R"
    assert attribute(html, "data-own-units") == "A BUR"
    assert ">Retreat</button>" in html and ">Disband</button>" in html


def play(game: Game, people: Personas, french: list[str], german: list[str], until: str) -> None:
    """These orders, then deadlines pass until a phase of kind ``until`` opens."""
    phase = open_phase(game)
    actions.submit_orders(phase, people.player, "FRANCE", french)
    actions.submit_orders(phase, people.other, "GERMANY", german)
    while open_phase(game).pk == phase.pk or open_phase(game).kind != until:
        pass_deadline(open_phase(game))
        sweep_deadlines()


def test_it_loads_the_map_scripts_on_the_game_page(people: Personas, fog_game: Game) -> None:
    html = page(people, fog_game)
    assert re.search(r'<script src="[^"]*js/map_orders[^"]*\.js" defer>', html)
    assert re.search(r'<script src="[^"]*js/map_zoom[^"]*\.js" defer>', html)


def test_it_links_the_map_full_size(people: Personas, fog_game: Game) -> None:
    html = page(people, fog_game)
    link = reverse("game_map_latest", args=[fog_game.pk])
    assert f'<figcaption><a href="{link}">Open the map full size</a></figcaption>' in html


def shapes(people: Personas, preset: str, who: str = "anonymous") -> tuple[int, object, int]:
    client = people.client(who)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("map_shapes", args=[preset]))
    body = json.loads(response.content) if response.status_code == 200 else None
    return response.status_code, body, len(queries)


def test_it_serves_every_provinces_outline_without_sql(people: Personas) -> None:
    status, body, queries = shapes(people, "dc2005")
    assert status == 200 and queries == 0
    assert isinstance(body, dict)
    codes = {province["code"] for province in body["provinces"]}
    assert codes == set(load_geometry().provinces)
    spain = next(p for p in body["provinces"] if p["code"] == "SPA")
    assert spain["name"] == "Spain" and set(spain["coasts"]) == {"NC", "SC"}
    assert spain["path"].startswith("M") and spain["path"].endswith("Z")
    assert (body["width"], body["height"]) == (1200, 1024)


def test_it_lets_browsers_keep_the_outlines(people: Personas) -> None:
    response = people.client("anonymous").get(reverse("map_shapes", args=["standard"]))
    assert "public" in response["Cache-Control"] and "max-age=86400" in response["Cache-Control"]


def test_it_answers_404_for_rules_nobody_has(people: Personas) -> None:
    assert shapes(people, "no-such-rules")[0] == 404
