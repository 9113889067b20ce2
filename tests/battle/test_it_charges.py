"""CHARGE: move, then attack with +1 (ruling B8)."""

from __future__ import annotations

from tests.battle.helpers import act, battle, charge, errors, hp, token, where


def test_it_moves_then_attacks_with_one_more():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "e2", hp=9))
    done = act(start, "red", charge("R1", "c2", "d2", "B1"), dice=(3, 3))
    fight = done.results[0].combat
    assert where(done, "R1") == "d2"
    assert fight is not None and (fight.attack, fight.defence, fight.damage) == (7, 6, 1)
    assert hp(done, "B1") == 8


def test_it_refuses_a_charge_without_a_move():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "d2"))
    done = act(start, "red", charge("R1", "B1"), dice=(3, 3))
    assert errors(done) == ["R1 must move at least one square"]
    assert done.dice_used == 0


def test_it_refuses_a_charge_from_next_to_an_enemy():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "c3"), token("B2", "blue", "e2"))
    done = act(start, "red", charge("R1", "c2", "d2", "B2"), dice=(3, 3))
    assert errors(done) == ["R1 starts next to the enemy token B1 and may not charge"]
    assert where(done, "R1") == "b2"


def test_it_refuses_a_charge_ending_away_from_its_target():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "f2"))
    done = act(start, "red", charge("R1", "c2", "d2", "B1"), dice=(3, 3))
    assert errors(done) == ["B1 is not next to R1"]
    assert where(done, "R1") == "b2"


def test_it_allows_a_one_square_charge_through_difficult_terrain():  # minimum move
    start = battle(
        token("R1", "red", "b2", spd=1), token("B1", "blue", "d2"), terrain={"c2": "trees"}
    )
    done = act(start, "red", charge("R1", "c2", "B1"), dice=(3, 3))
    assert errors(done) == [None] and where(done, "R1") == "c2"


def test_it_refuses_a_charge_beyond_speed():
    start = battle(token("R1", "red", "b2", spd=2), token("B1", "blue", "f2"))
    done = act(start, "red", charge("R1", "c2", "d2", "e2", "B1"), dice=(3, 3))
    assert "more than R1's speed 2" in (errors(done)[0] or "")
