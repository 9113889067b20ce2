"""Each side activates its tokens in its chosen order, one action each (ruling B11)."""

from __future__ import annotations

from dataclasses import replace

from tests.battle.helpers import act, attack, battle, errors, move, token, where


def test_it_applies_actions_in_the_order_given():
    start = battle(token("R1", "red", "b2"), token("R2", "red", "c2"))
    done = act(start, "red", move("R2", "d2"), move("R1", "c2"))
    assert (where(done, "R1"), where(done, "R2")) == ("c2", "d2")
    assert errors(act(start, "red", move("R1", "c2"), move("R2", "d2")))[0] == "c2 is held by R2"


def test_it_lets_a_token_act_only_once():
    start = battle(token("R1", "red", "b2"))
    done = act(start, "red", move("R1", "c2"), move("R1", "d2"))
    assert errors(done) == [None, "R1 has already acted this turn"]
    assert where(done, "R1") == "c2"


def test_it_lets_a_refused_token_try_again():
    start = battle(token("R1", "red", "b2"))
    done = act(start, "red", move("R1", "e2"), move("R1", "c2"))
    assert errors(done) == ["e2 is not next to b2", None]


def test_it_refuses_another_sides_token():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "e2"))
    assert errors(act(start, "red", move("B1", "d2"))) == ["B1 belongs to blue, not red"]


def test_it_refuses_an_unknown_token():
    start = battle(token("R1", "red", "b2"))
    assert errors(act(start, "red", move("R9", "c2"))) == ["there is no token R9"]


def test_it_never_lets_a_fallen_token_act():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "c2"))
    start = start.with_token(replace(start.tokens[0], fallen=True, hp=0))
    done = act(start, "red", attack("R1", "B1"), dice=(6, 1))
    assert errors(done) == ["R1 has fallen"] and done.dice_used == 0


def test_it_carries_on_after_a_refused_action():
    start = battle(token("R1", "red", "b2"), token("R2", "red", "c4"))
    done = act(start, "red", move("R1", "z9"), move("R2", "c5"))
    assert errors(done)[1] is None and where(done, "R2") == "c5"
