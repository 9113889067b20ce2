"""HEAL restores one adjacent token to full health (ruling B19)."""

from __future__ import annotations

from dataclasses import replace

from tests.battle.helpers import act, battle, errors, heal, hp, token


def test_it_restores_an_adjacent_token_to_full_health():
    start = battle(token("R1", "red", "b2", heal=True), token("R2", "red", "c3", hp=1, max_hp=4))
    done = act(start, "red", heal("R1", "R2"))
    assert errors(done) == [None] and hp(done, "R2") == 4
    assert done.dice_used == 0


def test_it_heals_only_next_to_the_healer():
    start = battle(token("R1", "red", "b2", heal=True), token("R2", "red", "d2", hp=1, max_hp=4))
    done = act(start, "red", heal("R1", "R2"))
    assert errors(done) == ["R2 is not next to R1"] and hp(done, "R2") == 1


def test_it_heals_a_token_of_another_side():  # ruling B19
    start = battle(token("R1", "red", "b2", heal=True), token("B1", "blue", "c2", hp=1, max_hp=3))
    assert hp(act(start, "red", heal("R1", "B1")), "B1") == 3


def test_it_cannot_heal_the_healer_itself():  # ruling B19
    start = battle(token("R1", "red", "b2", hp=1, max_hp=3, heal=True))
    assert errors(act(start, "red", heal("R1", "R1"))) == ["R1 cannot heal itself"]


def test_it_cannot_heal_a_fallen_token():  # ruling B19
    start = battle(token("R1", "red", "b2", heal=True), token("R2", "red", "c2", hp=0, max_hp=3))
    start = start.with_token(replace(start.tokens[1], fallen=True))
    done = act(start, "red", heal("R1", "R2"))
    assert errors(done) == ["R2 has fallen and cannot be healed"]


def test_it_allows_healing_a_token_at_full_health():  # ruling B19
    start = battle(token("R1", "red", "b2", heal=True), token("R2", "red", "c2"))
    done = act(start, "red", heal("R1", "R2"))
    assert errors(done) == [None] and hp(done, "R2") == 3


def test_it_refuses_heal_to_a_token_without_the_power():
    start = battle(token("R1", "red", "b2"), token("R2", "red", "c2", hp=1, max_hp=3))
    assert errors(act(start, "red", heal("R1", "R2"))) == ["R1 has no HEAL power"]
