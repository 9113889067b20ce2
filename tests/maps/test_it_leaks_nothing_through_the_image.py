"""Boards that differ only where a power cannot see give that power the same PNG bytes."""

import copy

from maps.render import render_png
from tests.maps.helpers import TITLE, fogged_view, record, with_hidden_things


def _changed_out_of_germanys_sight(board):
    changed = copy.deepcopy(board)
    changed["units"]["TURKEY"] = ["A ARM", "A CON", "F BLA"]
    changed["units"]["RUSSIA"] = ["A UKR", "F SEV", "F STP/NC", "A WAR"]
    changed["centers"]["ITALY"] = ["NAP", "ROM", "TUN", "VEN"]
    changed["orders"] = [o for o in board["orders"] if o["power"] != "ENGLAND"]
    return changed


def test_hidden_differences_on_the_board_change_no_byte():
    board = record("game_master_s1901m")
    other = _changed_out_of_germanys_sight(board)
    assert render_png(board, TITLE) != render_png(other, TITLE)  # the boards do differ
    assert render_png(fogged_view(board, "GERMANY"), TITLE) == render_png(
        fogged_view(other, "GERMANY"), TITLE
    )


def test_units_and_owners_listed_in_the_fog_are_not_drawn():
    knowledge = record("germany_f1901m")
    # An observed order into the fog: a hidden fleet's coast must not bend it.
    into_fog = {"power": None, "unit": "F", "from": None, "kind": "move", "to": "STP"}
    knowledge["orders"].append({**into_fog, "result": None, "text": "F ??? - StP"})
    assert render_png(knowledge, TITLE) == render_png(with_hidden_things(knowledge), TITLE)
