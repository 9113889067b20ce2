"""A deadline's maps drawn together draw the board once for powers who know
the same (plain standard play), and give the very bytes each would alone."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from maps import render
from maps.geometry import load_geometry
from maps.render import DEFAULT_WIDTH, boards_shared, render_png
from tests.maps.helpers import POWERS, TITLE, fogged_view, record


def plain_play() -> list[dict[str, Any]]:
    """One phase of a game without fog: every power sees the whole board."""
    board = record("game_master_busy")
    everything = sorted(load_geometry().provinces)
    return [{**copy.deepcopy(board), "power": power, "sees": everything} for power in POWERS]


@pytest.fixture
def boards_drawn(monkeypatch) -> list[str | None]:
    """The viewers whose boards were drawn, in order (the PNG palette, made
    from sample maps on first use, made beforehand)."""
    render.png_palette(DEFAULT_WIDTH)
    drawn: list[str | None] = []
    real = render._draw_board

    def counting(knowledge, geometry, scale):
        drawn.append(knowledge.power)
        return real(knowledge, geometry, scale)

    monkeypatch.setattr(render, "_draw_board", counting)
    return drawn


def test_powers_who_see_everything_share_one_board(boards_drawn):
    records = plain_play()
    with boards_shared():
        together = [render_png(r, TITLE) for r in records]
    assert boards_drawn == ["AUSTRIA"]
    alone = [render_png(r, TITLE) for r in records]
    assert together == alone
    assert len(set(together)) == len(POWERS)  # each still says whose view it is


def test_the_game_masters_board_is_drawn_apart(boards_drawn):
    records = [record("game_master_busy"), *plain_play()[:2]]
    with boards_shared():
        together = [render_png(r, TITLE) for r in records]
    assert boards_drawn == [None, "AUSTRIA"]
    assert together == [render_png(r, TITLE) for r in records]


def test_powers_who_know_different_things_each_get_their_own(boards_drawn):
    board = record("game_master_busy")
    records = [fogged_view(board, power) for power in POWERS]
    with boards_shared():
        together = [render_png(r, TITLE) for r in records]
    assert boards_drawn == list(POWERS)
    assert together == [render_png(r, TITLE) for r in records]


def test_one_unit_of_difference_is_not_shared(boards_drawn):
    first, second = plain_play()[:2]
    second["units"]["FRANCE"] = second["units"]["FRANCE"][:-1]
    with boards_shared():
        together = [render_png(first, TITLE), render_png(second, TITLE)]
    assert boards_drawn == ["AUSTRIA", "ENGLAND"]
    assert together == [render_png(first, TITLE), render_png(second, TITLE)]


def test_nothing_is_shared_outside_a_batch(boards_drawn):
    records = plain_play()[:3]
    with boards_shared():
        render_png(records[0], TITLE)
    for r in records:
        render_png(r, TITLE)
    assert boards_drawn == ["AUSTRIA", "AUSTRIA", "ENGLAND", "FRANCE"]


def test_the_send_task_draws_its_maps_together(monkeypatch):
    from postoffice import sending

    inside: list[bool] = []

    def send(message_id, connection=None):
        inside.append(render._SHARED.get() is not None)
        return "sent"

    monkeypatch.setattr(sending, "send_outbox_message", send)
    assert sending.send_messages([1, 2]) == ["sent", "sent"]
    assert inside == [True, True]
    assert render._SHARED.get() is None


def test_the_order_a_record_lists_its_orders_in_changes_nothing(boards_drawn):
    """A power's record lists its own orders first; the picture does not care."""
    first, second = plain_play()[:2]
    second["orders"] = list(reversed(second["orders"]))
    assert len(second["orders"]) > 1
    with boards_shared():
        together = [render_png(first, TITLE), render_png(second, TITLE)]
    assert boards_drawn == ["AUSTRIA"]
    assert render_png({**second, "power": "AUSTRIA"}, TITLE) == together[0]


def test_a_fogged_board_is_not_kept_even_when_two_powers_know_the_same(boards_drawn):
    """Fogged powers almost never know exactly the same, so their boards are
    not kept (keeping them cost more than it saved)."""
    fogged = fogged_view(record("game_master_busy"), "FRANCE")
    twin = {**fogged, "power": "GERMANY"}
    with boards_shared():
        together = [render_png(fogged, TITLE), render_png(twin, TITLE)]
    assert boards_drawn == ["FRANCE", "GERMANY"]
    assert together == [render_png(fogged, TITLE), render_png(twin, TITLE)]
