"""The replay takes the game master's board edits as events between turns, and
ends the battle as the web does: after-combat healing, veterans, nothing after."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudication.battle.replay import BadEdit, Edit, Turn, play
from adjudication.battle.squares import parse_square
from tests.battle.helpers import attack, battle, move, token

SEED = "5eed" * 16


def skirmish(healing: bool = False, veterans: bool = False):
    fallen = replace(token("R2", "red", "a8"), fallen=True, hp=0)
    return battle(
        token("R1", "red", "c3"),
        token("RC", "red", "a1", heal=True),
        fallen,
        token("B1", "blue", "d3", hp=1),
        after_combat_healing=healing,
        veterans=veterans,
    )


def test_an_edit_changes_the_board_between_turns_and_uses_no_dice():
    turns = [Turn("red", (move("R1", "c4"),)), Turn("blue", (move("B1", "e3"),))]
    edit = Edit("R1", parse_square("f6"), 2)
    plain = play(skirmish(), SEED, turns)
    edited = play(skirmish(), SEED, [turns[0], edit, turns[1]])
    r1 = edited.battle.token("R1")
    assert r1 is not None and (r1.at.name, r1.hp) == ("f6", 2)
    assert edited.befores[1].token("R1") == r1  # blue's turn starts from the edited board
    assert edited.stream == plain.stream and edited.rolls == plain.rolls


def test_an_edit_that_does_not_fit_names_the_problem():
    onto_b1 = Edit("R1", parse_square("d3"), 3)
    with pytest.raises(BadEdit, match="R1 cannot stand on d3"):
        play(skirmish(), SEED, [onto_b1])
    with pytest.raises(BadEdit, match="there is no standing token R2"):
        play(skirmish(), SEED, [Edit("R2", parse_square("b8"), 1)])


def test_the_winning_turn_ends_the_battle_with_the_optional_rules():
    first = play(skirmish(), SEED, []).stream.position  # the first combat's attacker's die
    sure = {first: 6, first + 1: 1}
    turns = [Turn("red", (attack("R1", "B1"),)), Turn("blue", (move("B1", "e3"),))]
    played = play(skirmish(healing=True, veterans=True), SEED, turns, overrides=sure)
    assert len(played.activations) == 1  # nothing after the win
    healing = [r for r in played.rolls if r.decided == "after-combat healing"]
    assert [(r.number, r.turn) for r in healing] == [(first + 2, 1)]  # R2: one die, RC's
    r1 = played.battle.token("R1")
    assert r1 is not None and r1.veteran and r1.att == 4
    saved = played.battle.token("R2")
    assert saved is not None and saved.fallen == (healing[0].value != 6)
    assert played.saved == (() if healing[0].value != 6 else ("R2",))
