"""Builds and removals from the map: in an adjustment phase the map's
controls carry exactly what the ordering power's own record allows (a build
in a free home centre it owns when builds are due, the removal of an own unit
when removals are), on the player's page and on the game master's "Orders for
a power" alike. The tapping itself: tests/e2e/test_it_builds_from_the_map_in_a_browser.py."""

from __future__ import annotations

from html import unescape

from django.urls import reverse

from adjudication.record import parse_record
from games.gateway import board
from games.models import Game
from games.order_entry import adjustment_choices
from games.records import latest_knowledge
from games.tests.web.conftest import Personas, open_phase
from games.tests.web.test_it_offers_the_map_to_order_from import attribute, page, play

STANDARD = board("standard")


def record(units: list[str], centres: list[str], others: dict[str, list[str]] | None = None):
    return parse_record(
        {
            "power": "FRANCE",
            "phase": "F1901M",
            "sees": ["BRE", "MAR", "PAR"],
            "units": {"FRANCE": units, **(others or {})},
            "centers": {"FRANCE": centres},
        }
    )


def test_builds_go_in_free_owned_home_centres_only() -> None:
    france = record(["A BUR"], ["BRE", "MAR", "PAR", "SPA"])
    assert adjustment_choices(STANDARD, france, "FRANCE") == [
        "A BRE B",
        "F BRE B",
        "A MAR B",
        "F MAR B",
        "A PAR B",
    ]
    seen_in_paris = record(["A BUR"], ["BRE", "MAR", "PAR", "SPA"], {"GERMANY": ["A PAR"]})
    assert "A PAR B" not in adjustment_choices(STANDARD, seen_in_paris, "FRANCE")


def test_removals_are_of_own_units_and_an_even_power_gets_nothing() -> None:
    france = record(["A BUR", "F MAO"], ["BRE"], {"GERMANY": ["A MUN"]})
    assert adjustment_choices(STANDARD, france, "FRANCE") == ["A BUR D", "F MAO D"]
    assert adjustment_choices(STANDARD, record(["A BUR"], ["BRE"]), "FRANCE") == []


def test_the_choices_come_from_the_powers_own_record_alone() -> None:
    """A unit the record does not show cannot change what is offered."""
    alone = record(["A BUR"], ["BRE", "MAR", "PAR", "SPA"])
    crowded = record(["A BUR"], ["BRE", "MAR", "PAR", "SPA"], {"RUSSIA": ["A MOS", "F SEV"]})
    assert adjustment_choices(STANDARD, alone, "FRANCE") == adjustment_choices(
        STANDARD, crowded, "FRANCE"
    )


def winter(people: Personas, game: Game) -> None:
    """France takes Spain and Portugal and leaves three home centres empty."""
    play(game, people, ["A Par - Bur", "A Mar - Spa", "F Bre - Mao"], ["A Mun H"], until="M")
    play(game, people, ["F Mao - Por", "A Spa H", "A Bur H"], ["A Mun H"], until="A")


def test_the_page_offers_the_builds_frances_record_allows(people: Personas, fog_game: Game) -> None:
    winter(people, fog_game)
    assert open_phase(fog_game).name == "W1901A"
    html = page(people, fog_game)
    assert attribute(html, "data-phase-kind") == "A"
    expected = adjustment_choices(board("dc2005"), latest_knowledge(fog_game, "FRANCE"), "FRANCE")
    assert attribute(html, "data-adjustments").split(",") == expected
    assert "A PAR B" in expected and "F BRE B" in expected
    assert 'id="map-order-offer"' in html


def test_the_game_master_is_offered_the_same_for_the_power(
    people: Personas, fog_game: Game
) -> None:
    winter(people, fog_game)
    url = reverse("console_orders", args=[fog_game.pk]) + "?power=FRANCE"
    gm_page = unescape(people.client("gm").get(url).content.decode())
    player_page = page(people, fog_game)
    for name in ("data-adjustments", "data-own-units", "data-seen-units"):
        assert attribute(gm_page, name) == attribute(player_page, name), name
    assert "Build 1" in gm_page and "Build 2" in gm_page  # the same build menus
