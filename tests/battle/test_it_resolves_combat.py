"""COMBAT: 1d6 + ATT + modifiers against 1d6 + DEF + modifiers (rulings B16-B18)."""

from __future__ import annotations

import pytest

from adjudication.battle.activation import NotEnoughDice
from adjudication.battle.model import Character
from tests.battle.helpers import act, attack, battle, errors, hp, token


def duel(**attacker):
    return battle(token("R1", "red", "b2", **attacker), token("B1", "blue", "c2", hp=9))


def test_it_deals_the_difference_when_the_attack_is_higher():
    done = act(duel(att=3), "red", attack("R1", "B1"), dice=(5, 2))
    fight = done.results[0].combat
    assert fight is not None
    assert (fight.attack, fight.defence, fight.damage) == (8, 5, 3)
    assert hp(done, "B1") == 6


@pytest.mark.parametrize("dice", [(2, 2), (1, 4)])
def test_it_leaves_the_defender_unharmed_when_the_attack_is_not_higher(dice):
    done = act(duel(), "red", attack("R1", "B1"), dice=dice)
    assert done.results[0].combat.damage == 0
    assert hp(done, "B1") == 9


def test_it_removes_a_token_at_zero_hp_and_never_below():  # ruling B17
    start = battle(token("R1", "red", "b2", att=9), token("B1", "blue", "c2", hp=2))
    done = act(start, "red", attack("R1", "B1"), dice=(6, 1))
    fallen = done.battle.token("B1")
    assert fallen is not None and fallen.fallen and fallen.hp == 0


def test_it_adds_the_characters_bonuses():  # ruling B16
    start = battle(
        token("R1", "red", "b2", character=Character("Aldo", att=2)),
        token("B1", "blue", "c2", hp=9, character=Character("Zed", defence=1)),
    )
    fight = act(start, "red", attack("R1", "B1"), dice=(3, 3)).results[0].combat
    assert fight is not None and (fight.attack, fight.defence) == (8, 7)


def test_it_attacks_only_an_enemy_next_to_it():
    start = battle(token("R1", "red", "b2"), token("B1", "blue", "d2"), token("R2", "red", "c2"))
    done = act(start, "red", attack("R1", "B1"), attack("R2", "R1"), dice=(6, 1))
    assert errors(done) == ["B1 is not next to R1", "R1 is on R2's own side"]
    assert done.dice_used == 0


def test_it_reads_the_attackers_die_first():  # ruling B18
    done = act(duel(), "red", attack("R1", "B1"), dice=(6, 1, 4))
    fight = done.results[0].combat
    assert fight is not None and (fight.attack_die, fight.defence_die) == (6, 1)
    assert done.dice_used == 2


def test_it_refuses_an_activation_without_enough_dice():
    with pytest.raises(NotEnoughDice):
        act(duel(), "red", attack("R1", "B1"), dice=(6,))


def test_it_gives_no_combat_modifier_for_terrain():  # ruling B14
    start = battle(
        token("R1", "red", "b2"), token("B1", "blue", "c2", hp=9), terrain={"c2": "mountain"}
    )
    fight = act(start, "red", attack("R1", "B1"), dice=(3, 3)).results[0].combat
    assert fight is not None and (fight.attack, fight.defence) == (6, 6)
