"""A game on Triad (tests/boards/triad.py) runs through the whole server: the
board's powers are seated, its names are read in typed and emailed orders and
shown in the menus, press by email names its powers, its phases are adjudicated
and recorded, and its map is drawn. Nothing
above the engine assumes the standard board."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from adjudication.fog import PRESETS
from games import actions, maps_adapter
from games.actions.orders import OrdersInvalid
from games.models import Game, OrderSheet, PressMessage
from games.records import latest_record
from games.tasks import sweep_deadlines
from games.tests.replies.conftest import seat_address, send
from games.tests.web.conftest import Personas, open_phase, pass_deadline
from maps.geometry import board_geometry
from tests.boards.triad import TRIAD_MAP, TRIAD_PRESETS

WISHES = {"player": "NORTH", "other": "SOUTH", "observer": "EAST"}


@pytest.fixture(autouse=True)
def triad_offered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Triad's presets registered, and its drawing found, for this test only."""
    for name, preset in TRIAD_PRESETS.items():
        monkeypatch.setitem(PRESETS, name, preset)

    def drawing(board: str):
        return TRIAD_MAP if board == "triad" else board_geometry(board)

    monkeypatch.setattr(maps_adapter, "board_geometry", drawing)
    yield


def triad_game(people: Personas) -> Game:
    game = actions.create_game(people.gm, name="Triad", preset="triad_dc2005", start_year=1901)
    for persona, power in WISHES.items():
        actions.join(game, getattr(people, persona), [power, "FRANCE"])
    actions.assign_powers(game, people.gm, by_preference=True)
    return game


def started(people: Personas) -> Game:
    game = triad_game(people)
    actions.start_game(game, people.gm)
    game.refresh_from_db()
    return game


def test_it_seats_the_boards_three_powers(people: Personas) -> None:
    game = triad_game(people)
    assert game.powers == ("EAST", "NORTH", "SOUTH")
    seated = {seat.user.username: seat.power for seat in game.active_seats()}
    assert seated == {"france": "NORTH", "germany": "SOUTH", "watcher": "EAST"}
    with pytest.raises(actions.ActionError, match="full"):
        actions.join(game, people.stranger, [])


def test_it_reads_orders_in_the_boards_names(people: Personas) -> None:
    game = started(people)
    phase = open_phase(game)
    sheet = actions.submit_orders(phase, people.player, "NORTH", ["A North Wood - West Plain"])
    assert list(sheet.parsed) == ["A NWD - WPL"]
    with pytest.raises(OrdersInvalid):
        actions.submit_orders(phase, people.player, "NORTH", ["A Par - Bur"])


def test_it_adjudicates_and_records_on_the_board(people: Personas) -> None:
    game = started(people)
    phase = open_phase(game)
    actions.submit_orders(phase, people.player, "NORTH", ["A NWD - WPL"])
    actions.submit_orders(phase, people.other, "SOUTH", ["F SPT - MSE"])
    actions.submit_orders(phase, people.observer, "EAST", ["F EPT - OSE"])
    pass_deadline(phase)
    sweep_deadlines()
    north = latest_record(game, "NORTH")
    assert north is not None and north["phase"] == "S1901M"
    assert north["units"] == {"NORTH": ["A WPL", "F NHB"], "SOUTH": ["A SFD", "F MSE"]}
    assert north["sees"] == ["MSE", "NHB", "NWD", "SFD", "WPL"]
    full = latest_record(game, "")
    assert full is not None and full["units"]["EAST"] == ["A EHL", "F OSE"]


def test_it_shows_the_boards_menus_and_map(people: Personas) -> None:
    game = started(people)
    client = people.client("player")
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Army in North Wood" in page
    assert "Move to West Plain" in page
    picture = client.get(reverse("game_map_latest", args=[game.pk]))
    assert picture.status_code == 200
    assert picture.content.startswith(b"\x89PNG")


def test_it_takes_orders_and_press_by_email_in_the_boards_names(people: Personas) -> None:
    game = started(people)
    body = "A North Wood - West Plain\n\nPRESS TO South\nA word from the north\nEND\n"
    send(body, people.player.email, seat_address(game, "NORTH"))
    sheet = OrderSheet.objects.get(phase=open_phase(game), power="NORTH")
    assert list(sheet.parsed) == ["A NWD - WPL"]
    message = PressMessage.objects.get(game=game)
    assert [r.power for r in message.recipients.all()] == ["SOUTH"]
