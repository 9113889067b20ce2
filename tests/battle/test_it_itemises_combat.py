"""Each combat line says what made each total (ruling B16): the die, ATT or DEF, a
character's bonus by its name, the charge and flanking; and where a fallen token's
character went (ruling B20)."""

from __future__ import annotations

from dataclasses import replace

from adjudication.battle.actions import Combat, fell_words, itemised
from adjudication.battle.activation import activate
from adjudication.battle.model import Character
from adjudication.battle.verify import result_line
from tests.battle.helpers import attack, battle, charge, token


def test_a_charge_with_a_character_and_flanking_is_itemised():
    start = battle(
        token("R1", "red", "b2", att=5, character=Character("Aldo", 1, 0)),
        token("R2", "red", "e2"),
        token("B1", "blue", "d2", character=Character("Grimm", 0, 2)),
        token("B2", "blue", "h4", hp=9),
        flanking=True,
    )
    done = activate(start, "red", [charge("R1", "c2", "B1")], [3, 2])
    fight = done.results[0].combat
    assert fight is not None
    assert itemised(fight.attack, fight.attack_die, fight.attack_terms) == (
        "11 (die 3 + ATT 5 + Aldo 1 + charge 1 + flanking 1)"
    )
    assert itemised(fight.defence, fight.defence_die, fight.defence_terms) == (
        "7 (die 2 + DEF 3 + Grimm 2)"
    )
    assert result_line(done.results[0]).startswith(
        "R1 attacks B1: 11 (die 3 + ATT 5 + Aldo 1 + charge 1 + flanking 1) against 7 "
    )


def test_a_character_passing_on_is_reported():
    start = battle(
        token("R1", "red", "b2", att=9),
        token("B1", "blue", "c2", hp=1, character=Character("Grimm", 1, 1)),
        token("B2", "blue", "f4"),
    )
    done = activate(start, "red", [attack("R1", "B1")], [6, 1])
    fight = done.results[0].combat
    assert fight is not None and fight.fell
    assert fell_words(fight) == ", B1 falls and Grimm takes command of B2"


def test_a_negative_modifier_reads_as_a_minus():
    assert itemised(2, 3, (("DEF", 1), ("Curse", -2))) == "2 (die 3 + DEF 1 - Curse 2)"
    plain = Combat("R1", "B1", 1, 1, 4, 4, 0, False)
    assert fell_words(replace(plain, fell=True, character="Aldo", character_fled=True)) == (
        ", B1 falls and Aldo flees the field"
    )
