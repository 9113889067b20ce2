"""Token and side names are read without regard to case everywhere: the acting token, the
target, an edit's token, the command line's side (squares always were)."""

from __future__ import annotations

import json

from adjudication.battle.activation import activate
from adjudication.battle.cli import battle_line
from adjudication.battle.notation import parse_activation
from adjudication.battle.replay import Edit, apply_edit
from adjudication.battle.squares import parse_square
from tests.battle.helpers import attack, battle, token


def _skirmish():
    return battle(token("Knight-1", "red", "b2"), token("Orc-1", "blue", "c2"))


def test_a_target_named_in_another_case_is_attacked():
    done = activate(_skirmish(), "red", [attack("Knight-1", "orc-1")], [6, 1])
    result = done.results[0]
    assert result.ok, result.error
    assert result.combat is not None and result.combat.defender == "Orc-1"


def test_a_typed_activation_reads_every_name_in_any_case():
    actions = parse_activation("KNIGHT-1 attack ORC-1", ["Knight-1"]).actions
    done = activate(_skirmish(), "red", actions, [6, 1])
    assert done.results[0].ok and done.results[0].combat is not None


def test_a_board_edit_finds_its_token_in_any_case():
    edited = apply_edit(_skirmish(), Edit("knight-1", parse_square("a1"), 1))
    moved = edited.token("Knight-1")
    assert moved is not None and moved.at == parse_square("a1") and moved.hp == 1


def test_the_command_line_reads_sides_tokens_and_targets_in_any_case():
    line = {
        "grid": {"width": 4, "height": 4},
        "tokens": [
            {"id": "Knight-1", "side": "Red", "at": "B2", "att": 3, "def": 3, "spd": 3, "hp": 3,
             "max_hp": 3},
            {"id": "Orc-1", "side": "Blue", "at": "c2", "att": 3, "def": 3, "spd": 3, "hp": 3,
             "max_hp": 3},
        ],
        "side": "red",
        "actions": [{"token": "knight-1", "do": "attack", "target": "ORC-1"}],
        "dice": [6, 1],
    }  # fmt: skip
    answer = battle_line(json.dumps(line))
    assert answer.get("results") == [
        {"token": "knight-1", "ok": True, "attack": 9, "defense": 4, "damage": 5}
    ], answer
