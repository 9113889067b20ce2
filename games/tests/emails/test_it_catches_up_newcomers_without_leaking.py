"""A newcomer's catch-up email, and the lobby that lists the open seat, are the
same bytes whatever other powers did out of the seat's power's sight.

For every fog preset two games play Spring 1901 alike except that Turkey
moves a unit far from England in one of them; then England's seat opens and
a newcomer takes it. The control: in standard play the catch-up differs.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from adjudication.fog import FOG_PRESETS
from games import actions
from games.access import access_game
from games.models import Game
from games.tests.emails.test_it_tells_each_power_only_its_own_news import (
    comparable,
    frozen_clock,  # noqa: F401 (a fixture)
    play_first_phase,
)
from postoffice.tasks import sweep_outbox
from tests.fixtures import confirmed_user

NEWCOMER = "newcomer@example.org"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def newcomer_takes_england(preset: str, turkey_moves: bool) -> Game:
    game, _, _ = play_first_phase(preset, turkey_moves)
    actions.open_seat(game, game.game_master, "ENGLAND")
    suffix = "-busy" if turkey_moves else ""
    actions.take_seat(game, confirmed_user(f"newcomer{suffix}", NEWCOMER), "ENGLAND")
    return game


def catch_up_of(game: Game) -> tuple:
    mail.outbox = []
    sweep_outbox()
    (sent,) = [m for m in mail.outbox if m.to == [NEWCOMER] and "what it knows" in m.subject]
    return comparable(sent, game.pk)


@pytest.mark.parametrize("preset", FOG_PRESETS)
def test_the_catch_up_is_the_same_whatever_is_hidden(preset, db, frozen_clock):  # noqa: F811
    quiet = newcomer_takes_england(preset, turkey_moves=False)
    first = catch_up_of(quiet)
    busy = newcomer_takes_england(preset, turkey_moves=True)
    assert catch_up_of(busy) == first


def test_it_would_notice_a_difference(db, frozen_clock):  # noqa: F811
    quiet = newcomer_takes_england("standard", turkey_moves=False)
    first = catch_up_of(quiet)
    busy = newcomer_takes_england("standard", turkey_moves=True)
    assert catch_up_of(busy) != first


def test_the_catch_up_holds_every_record_of_the_power(db):
    game = newcomer_takes_england("dc2005", turkey_moves=True)
    viewer = access_game(game.seats.get(power="ENGLAND", status="active").user, game.pk)
    _, body, _, files = catch_up_of(game)
    assert "== Opening position ==" in body and "== Spring 1901 movement ==" in body
    for record in viewer.game.records.filter(power="ENGLAND"):
        for line in record.data["lines"] + record.data["messages"]:
            assert line in body
    assert "map.png" in files


@pytest.mark.parametrize("preset", FOG_PRESETS)
def test_the_lobby_is_the_same_whatever_is_hidden(preset, db, frozen_clock):  # noqa: F811
    games = []
    for turkey_moves in (False, True):
        game, _, _ = play_first_phase(preset, turkey_moves)
        actions.open_seat(game, game.game_master, "ENGLAND")
        games.append(game)
    html = CSRF.sub("", Client().get(reverse("lobby")).content.decode())
    rows = [re.sub(rf"/lobby/{game.pk}/", "/lobby/N/", row_of(html, game)) for game in games]
    assert rows[0] == rows[1]
    assert "England" in rows[0] and "centre" not in rows[0]


def row_of(html: str, game: Game) -> str:
    rows = [row.split("</tr>")[0] for row in html.split("<tr>")]
    (row,) = [row for row in rows if f"/lobby/{game.pk}/take/" in row]
    return row
