"""MOVEMENT, with rulings B1-B7: adjacency, costs, occupied squares, the minimum move."""

from __future__ import annotations

from dataclasses import replace

from tests.battle.helpers import act, battle, errors, move, token, where


def test_it_moves_up_to_speed_on_normal_terrain():
    done = act(battle(token("R1", "red", "b2", spd=3)), "red", move("R1", "c2", "d2", "e2"))
    assert errors(done) == [None]
    assert where(done, "R1") == "e2"


def test_it_refuses_a_path_longer_than_speed():
    done = act(battle(token("R1", "red", "b2", spd=2)), "red", move("R1", "c2", "d2", "e2"))
    assert "more than R1's speed 2" in (errors(done)[0] or "")
    assert where(done, "R1") == "b2"


def test_it_steps_diagonally_at_the_same_cost():  # rulings B1 and B2
    done = act(battle(token("R1", "red", "b2", spd=3)), "red", move("R1", "c3", "d4", "e5"))
    assert where(done, "R1") == "e5"


def test_it_refuses_a_step_to_a_square_not_next_to_the_last():
    done = act(battle(token("R1", "red", "b2")), "red", move("R1", "d2"))
    assert errors(done) == ["d2 is not next to b2"]


def test_it_charges_double_for_difficult_terrain():  # ruling B5
    for kind in ("water", "trees", "mountain"):
        start = battle(token("R1", "red", "b2", spd=3), terrain={"c2": kind})
        assert errors(act(start, "red", move("R1", "c2", "d2")))[0] is None
        refused = act(start, "red", move("R1", "c2", "d2", "e2"))
        assert "costs 4" in (errors(refused)[0] or ""), kind


def test_it_counts_a_hill_as_normal_terrain():  # ruling B5
    start = battle(token("R1", "red", "b2", spd=3), terrain={"c2": "hill", "d2": "hill"})
    assert where(act(start, "red", move("R1", "c2", "d2", "e2")), "R1") == "e2"


def test_it_charges_only_for_the_square_entered():  # ruling B5: leaving trees costs nothing more
    start = battle(token("R1", "red", "b2", spd=3), terrain={"b2": "trees"})
    assert where(act(start, "red", move("R1", "c2", "d2", "e2")), "R1") == "e2"


def test_it_always_allows_a_move_of_one_square():  # ruling B7
    start = battle(token("R1", "red", "b2", spd=1), terrain={"c2": "mountain"})
    assert where(act(start, "red", move("R1", "c2")), "R1") == "c2"


def test_it_lets_a_token_with_no_speed_move_one_square():  # ruling B7
    start = battle(token("R1", "red", "b2", spd=0))
    assert where(act(start, "red", move("R1", "b3")), "R1") == "b3"


def test_it_enters_water():  # ruling B6
    start = battle(token("R1", "red", "b2"), terrain={"c2": "water"})
    assert where(act(start, "red", move("R1", "c2")), "R1") == "c2"


def test_it_passes_through_friends_but_not_enemies():  # ruling B3
    start = battle(token("R1", "red", "b2"), token("R2", "red", "c2"), token("B1", "blue", "c3"))
    assert where(act(start, "red", move("R1", "c2", "d2")), "R1") == "d2"
    refused = act(start, "red", move("R1", "c3", "d3"))
    assert errors(refused) == ["c3 is held by the enemy token B1"]


def test_it_never_ends_a_move_on_a_held_square():  # ruling B3
    start = battle(token("R1", "red", "b2"), token("R2", "red", "c2"))
    assert errors(act(start, "red", move("R1", "c2"))) == ["c2 is held by R2"]


def test_it_frees_the_square_of_a_fallen_token():  # ruling B3
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "c2"))
    fallen = start.with_token(replace(start.tokens[1], fallen=True))
    assert where(act(fallen, "red", move("R1", "c2", "d2")), "R1") == "d2"


def test_it_refuses_squares_off_the_grid():
    start = battle(token("R1", "red", "a1"), width=4, height=4)
    assert errors(act(start, "red", move("R1", "b1", "c1", "d1"))) == [None]
    assert errors(act(start, "red", move("R1", "b2", "c3", "d4", "e5"))) == ["e5 is off the grid"]


def test_it_refuses_an_empty_path():
    done = act(battle(token("R1", "red", "b2")), "red", move("R1"))
    assert errors(done) == ["R1 must move at least one square"]
