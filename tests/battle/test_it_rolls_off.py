"""The first turn by a 1d6 roll-off, ties re-rolled (rulings B9 and B10)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudication.battle.turns import next_side, roll_off
from tests.battle.helpers import battle, token


def test_it_puts_the_highest_roll_first_then_descending():
    decided = roll_off(["red", "blue", "green"], [2, 5, 4])
    assert decided.order == ("blue", "green", "red")
    assert decided.dice_used == 3 and not decided.rerolled


def test_it_rerolls_a_tie_among_the_tied_sides_only():
    decided = roll_off(["red", "blue", "green"], [5, 5, 1, 2, 6])
    assert decided.order == ("blue", "red", "green")
    assert decided.rounds == ((("red", 5), ("blue", 5), ("green", 1)), (("red", 2), ("blue", 6)))
    assert decided.rerolled


def test_it_rerolls_as_often_as_needed():
    decided = roll_off(["red", "blue"], [3, 3, 4, 4, 1, 2])
    assert decided.order == ("blue", "red") and decided.dice_used == 6


def test_it_settles_a_tie_for_last_place_too():
    decided = roll_off(["red", "blue", "green"], [6, 2, 2, 1, 3])
    assert decided.order == ("red", "green", "blue")


def test_it_says_when_the_dice_run_out():
    with pytest.raises(ValueError, match="not enough dice"):
        roll_off(["red", "blue"], [3, 3])


def test_it_hands_the_turn_on_in_roll_off_order_skipping_beaten_sides():
    start = battle(token("R1", "red", "a1"), token("B1", "blue", "h8"), token("G1", "green", "d4"))
    order = ("blue", "green", "red")
    assert next_side(order, start, None) == "blue"
    assert next_side(order, start, "red") == "blue"
    beaten = start.with_token(replace(start.tokens[2], fallen=True, hp=0))
    assert next_side(order, beaten, "blue") == "red"
    won = beaten.with_token(replace(beaten.tokens[1], fallen=True, hp=0))
    assert next_side(order, won, "red") is None
