"""RANGE (n), trees and hills (rulings B4, B12-B15)."""

from __future__ import annotations

from tests.battle.helpers import act, battle, errors, hp, shoot, token


def archers(at="b2", reach=3, **grid):
    return battle(
        token("R1", "red", at, att=2, range=reach), token("B1", "blue", "e2", hp=9), **grid
    )


def test_it_attacks_up_to_range_squares_away_with_full_attack():
    done = act(archers(), "red", shoot("R1", "B1"), dice=(4, 2))
    fight = done.results[0].combat
    assert fight is not None and (fight.attack, fight.defence, fight.damage) == (6, 5, 1)
    assert hp(done, "B1") == 8


def test_it_counts_range_in_steps_with_diagonals_as_one():  # ruling B4
    start = battle(token("R1", "red", "b2", range=3), token("B1", "blue", "e5"))
    assert errors(act(start, "red", shoot("R1", "B1"), dice=(1, 1))) == [None]


def test_it_refuses_a_target_beyond_range():
    done = act(archers(reach=2), "red", shoot("R1", "B1"), dice=(4, 2))
    assert errors(done) == ["B1 is 3 squares from R1, beyond its range 2"]
    assert done.dice_used == 0


def test_it_cannot_shoot_a_token_on_trees():  # ruling B13
    done = act(archers(terrain={"e2": "trees"}), "red", shoot("R1", "B1"), dice=(4, 2))
    assert errors(done) == ["B1 stands in trees and cannot be attacked at range"]


def test_it_cannot_shoot_a_token_on_trees_even_next_to_it():  # ruling B13
    start = battle(
        token("R1", "red", "d2", range=3), token("B1", "blue", "e2"), terrain={"e2": "trees"}
    )
    assert errors(act(start, "red", shoot("R1", "B1"), dice=(4, 2)))[0] is not None


def test_it_shoots_from_trees():  # ruling B13
    done = act(archers(terrain={"b2": "trees"}), "red", shoot("R1", "B1"), dice=(4, 2))
    assert errors(done) == [None]


def test_it_adds_one_to_range_from_a_hill_or_mountain():  # ruling B14
    for high in ("hill", "mountain"):
        done = act(archers(reach=2, terrain={"b2": high}), "red", shoot("R1", "B1"), dice=(4, 2))
        assert errors(done) == [None], high


def test_it_needs_no_line_of_sight():  # ruling B12
    start = battle(
        token("R1", "red", "b2", range=3),
        token("R2", "red", "c2"),
        token("B1", "blue", "e2"),
        terrain={"d2": "trees"},
    )
    assert errors(act(start, "red", shoot("R1", "B1"), dice=(4, 2))) == [None]


def test_it_shoots_the_next_square():  # ruling B15
    start = battle(token("R1", "red", "b2", range=3), token("B1", "blue", "c2"))
    assert errors(act(start, "red", shoot("R1", "B1"), dice=(4, 2))) == [None]


def test_it_refuses_range_to_a_token_without_the_power():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "c2"))
    assert errors(act(start, "red", shoot("R1", "B1"), dice=(4, 2))) == ["R1 has no RANGE power"]
