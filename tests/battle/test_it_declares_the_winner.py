"""The side with no tokens left has lost (ruling B21)."""

from __future__ import annotations

from tests.battle.helpers import act, attack, battle, token


def test_it_names_the_last_side_standing():
    start = battle(token("R1", "red", "b2", att=9), token("B1", "blue", "c2", hp=1))
    assert act(start, "red", attack("R1", "B1"), dice=(6, 1)).winner == "red"


def test_it_names_no_winner_while_two_sides_stand():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "c2", hp=9))
    assert act(start, "red", attack("R1", "B1"), dice=(6, 1)).winner is None


def test_it_waits_for_every_other_side_to_fall():
    start = battle(
        token("R1", "red", "b2", att=9), token("B1", "blue", "c2", hp=1), token("G1", "green", "h8")
    )
    assert act(start, "red", attack("R1", "B1"), dice=(6, 1)).winner is None


def test_it_names_a_lone_side_the_winner():
    assert battle(token("R1", "red", "b2")).winner() == "red"


def test_it_says_the_command_line_winner_too():
    start = battle(token("R1", "red", "b2", att=9), token("B1", "blue", "c2", hp=1))
    done = act(start, "red", attack("R1", "B1"), dice=(6, 1))
    assert done.winner == done.battle.winner() == "red"
