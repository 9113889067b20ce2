"""The game page's units table and its map come from the same record: the
same units, on the same coasts, and a dislodged unit in both (the map draws
it beside the province; the table lists it, marked dislodged)."""

from __future__ import annotations

import re
from html import unescape

from django.urls import reverse

from adjudication.mapgraph import load_map
from games import actions
from games.actions.processing import adjudicate_phase, claim_phase_now
from games.maps_adapter import page_png
from games.models import Game
from games.records import latest_record
from games.tests.web.conftest import Personas, open_phase
from maps.record import Unit, read_record

PROVINCES = frozenset(load_map().provinces)


def edit(people: Personas, game: Game, **fields: str) -> None:
    response = people.client("gm").post(reverse("console_board", args=[game.pk]), fields)
    assert response.status_code == 302, response.content.decode()


def france_dislodged_in_burgundy(people: Personas, game: Game) -> None:
    """France's army pushed out of Burgundy, a French fleet on Spain's north coast."""
    edit(people, game, action="move", place="Paris", to="Burgundy")
    edit(people, game, action="add", place="Ruhr", unit="A", power="GERMANY")
    edit(people, game, action="add", place="Spa/nc", unit="F", power="FRANCE")
    phase = open_phase(game)
    attack = ["A Mun - Bur", "A Ruh S A Mun - Bur"]
    actions.submit_orders_for_power(phase, people.gm, "GERMANY", attack)
    assert claim_phase_now(phase)
    adjudicate_phase(phase.pk)
    assert open_phase(game).name == "S1901R"


def table_units(html: str) -> tuple[set[str], set[str]]:
    """(units, dislodged units) as the units table lists them."""
    start = html.index('class="compact units-table"')
    table = html[start : html.index("</table>", start)]
    cells = [cell for row in re.findall(r"<td>([^<]*)</td>", table) for cell in row.split(", ")]
    marked = " (dislodged)"
    dislodged = {cell.removesuffix(marked) for cell in cells if cell.endswith(marked)}
    return {cell for cell in cells if not cell.endswith(marked)}, dislodged


def as_text(unit: Unit) -> str:
    coast = f"/{unit.where.coast}" if unit.where.coast else ""
    return f"{unit.kind} {unit.where.province}{coast}".upper()


def test_the_table_lists_what_the_map_draws(people: Personas, game: Game) -> None:
    france_dislodged_in_burgundy(people, game)
    html = unescape(people.client("player").get(reverse("game", args=[game.pk])).content.decode())
    listed, dislodged = table_units(html)
    drawn = read_record(latest_record(game, "FRANCE"), PROVINCES)
    assert listed == {as_text(unit) for unit in drawn.units}
    assert dislodged == {as_text(unit) for unit in drawn.dislodged} == {"A BUR"}
    assert "F SPA/NC" in listed


def test_the_map_is_drawn_from_the_tables_record(people: Personas, game: Game) -> None:
    france_dislodged_in_burgundy(people, game)
    response = people.client("player").get(reverse("game_map_latest", args=[game.pk]))
    record = latest_record(game, "FRANCE")
    assert record is not None
    assert response.content == page_png(record, game.name)
