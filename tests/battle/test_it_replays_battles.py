"""A battle replays from its start, its seed and its orders; every roll is logged."""

from __future__ import annotations

from adjudication.battle.dice import rolls
from adjudication.battle.replay import Turn, play
from tests.battle.helpers import attack, battle, charge, move, shoot, token

SEED = "5eed" * 16


def skirmish():
    return battle(
        token("R1", "red", "b2", hp=6),
        token("R2", "red", "b4", range=3, hp=6),
        token("B1", "blue", "e2", hp=6),
        token("B2", "blue", "f4", hp=6),
    )


TURNS = [
    Turn("red", (move("R1", "c2", "d2"), shoot("R2", "B1"))),
    Turn("blue", (attack("B1", "R1"), charge("B2", "e4", "d3", "R1"))),
    Turn("red", (attack("R1", "B1"),)),
]


def test_it_replays_the_same_battle():
    assert play(skirmish(), SEED, TURNS) == play(skirmish(), SEED, TURNS)


def test_it_logs_every_roll_with_what_it_decided():
    played = play(skirmish(), SEED, TURNS)
    stream = rolls(SEED, 0, len(played.rolls))
    assert [roll.value for roll in played.rolls] == list(stream)
    assert [roll.number for roll in played.rolls] == list(range(len(played.rolls)))
    assert played.rolls[0].decided.startswith("roll-off: red")
    assert "R1 attacks B1: attacker's die" in [roll.decided for roll in played.rolls]


def test_it_takes_only_the_dice_used():
    played = play(skirmish(), SEED, TURNS)
    combats = sum(1 for done in played.activations for r in done.results if r.combat)
    assert played.stream.position == played.roll_off.dice_used + 2 * combats


def test_it_gives_another_battle_for_another_seed():
    one = play(skirmish(), SEED, TURNS)
    others = [play(skirmish(), f"{n:064x}", TURNS) for n in range(5)]
    assert any(other.rolls != one.rolls for other in others)


def test_it_logs_a_roll_the_game_master_set():
    plain = play(skirmish(), SEED, TURNS)
    number = plain.roll_off.dice_used  # the first combat's attacker's die
    face = 7 - plain.rolls[number].value
    overridden = play(skirmish(), SEED, TURNS, overrides={number: face})
    roll = overridden.rolls[number]
    assert roll.value == face and roll.decided.endswith("(set by the game master)")
    assert [r.decided for r in overridden.rolls if "game master" in r.decided] == [roll.decided]
