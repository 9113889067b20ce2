"""A character whose token falls takes command of the nearest unmanned token (ruling B20)."""

from __future__ import annotations

from adjudication.battle.model import Character
from tests.battle.helpers import act, attack, battle, token

ALDO = Character("Aldo", att=1, defence=1)


def kill(start):
    """B1 on b2 strikes R1 (1 HP, on c2) down."""
    return act(start, "blue", attack("B1", "R1"), dice=(6, 1))


def carrier(done):
    carrying = [t.id for t in done.battle.tokens if t.character == ALDO]
    return carrying[0] if carrying else None


def test_it_moves_the_character_to_the_nearest_unmanned_token():
    start = battle(
        token("B1", "blue", "b2", att=9),
        token("R1", "red", "c2", hp=1, character=ALDO),
        token("R2", "red", "h8"),
        token("R3", "red", "e3"),
    )
    done = kill(start)
    assert carrier(done) == "R3"
    assert done.results[0].combat.character_to == "R3"


def test_it_skips_tokens_that_carry_a_character():
    start = battle(
        token("B1", "blue", "b2", att=9),
        token("R1", "red", "c2", hp=1, character=ALDO),
        token("R3", "red", "d2", character=Character("Bea")),
        token("R2", "red", "h8"),
    )
    assert carrier(kill(start)) == "R2"


def test_it_skips_other_sides_tokens():
    start = battle(
        token("B1", "blue", "b2", att=9),
        token("R1", "red", "c2", hp=1, character=ALDO),
        token("B2", "blue", "d2"),
        token("R2", "red", "h8"),
    )
    assert carrier(kill(start)) == "R2"


def test_it_breaks_ties_by_set_up_order():
    start = battle(
        token("B1", "blue", "b2", att=9),
        token("R1", "red", "c2", hp=1, character=ALDO),
        token("R2", "red", "e4"),
        token("R3", "red", "e2"),
    )
    assert carrier(kill(start)) == "R2"


def test_it_lets_the_character_flee_when_no_token_is_left():
    start = battle(
        token("B1", "blue", "b2", att=9),
        token("R1", "red", "c2", hp=1, character=ALDO),
        token("R2", "red", "d2", character=Character("Bea")),
    )
    done = kill(start)
    assert carrier(done) is None
    assert done.results[0].combat.character_fled


def test_it_conveys_the_bonus_to_the_new_token():
    start = battle(
        token("B1", "blue", "b2", att=9),
        token("R1", "red", "c2", hp=1, character=ALDO),
        token("R2", "red", "b3", hp=9),
    )
    done = kill(start)
    fight = act(done.battle, "blue", attack("B1", "R2"), dice=(1, 1)).results[0].combat
    assert fight is not None and fight.defence == 1 + 3 + 1
