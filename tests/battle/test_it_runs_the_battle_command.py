"""`python -m adjudication battle`, as BATTLE-CLI.md describes it."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from adjudication.battle.cli import battle_line

ROOT = Path(__file__).resolve().parents[2]

EXAMPLE = {
    "grid": {
        "width": 8,
        "height": 6,
        "terrain": {"c3": "trees", "d4": "hill", "e2": "water", "f5": "mountain"},
    },
    "options": {"flanking": False},
    "tokens": [
        {"id": "R1", "side": "red", "at": "b2", "att": 3, "def": 3, "spd": 3, "hp": 3, "max_hp": 3},
        {"id": "R2", "side": "red", "at": "b4", "att": 2, "def": 2, "spd": 3, "hp": 2,
         "max_hp": 3, "powers": {"range": 3}},
        {"id": "R3", "side": "red", "at": "a4", "att": 1, "def": 2, "spd": 3, "hp": 2,
         "max_hp": 2, "powers": {"heal": True}, "character": {"name": "Aldo", "att": 1, "def": 1}},
        {"id": "B1", "side": "blue", "at": "e4", "att": 3, "def": 3, "spd": 3, "hp": 3,
         "max_hp": 3},
    ],
    "side": "red",
    "actions": [
        {"token": "R1", "do": "move", "path": ["c2", "d2"]},
        {"token": "R2", "do": "power", "power": "range", "target": "B1"},
        {"token": "R3", "do": "power", "power": "heal", "target": "R2"},
    ],
    "dice": [4, 2],
}  # fmt: skip


def run(*lines: str):
    completed = subprocess.run(
        [sys.executable, "-m", "adjudication", "battle"],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return completed.returncode, [json.loads(line) for line in completed.stdout.splitlines()]


def changed(**fields):
    line = copy.deepcopy(EXAMPLE)
    line.update(fields)
    return line


def answer(line):
    return battle_line(json.dumps(line))


def test_it_applies_the_specs_example():
    code, [out] = run(json.dumps(EXAMPLE))
    assert code == 0
    assert out["results"] == [
        {"token": "R1", "ok": True},
        {"token": "R2", "ok": True, "attack": 6, "defense": 5, "damage": 1},
        {"token": "R3", "ok": True},
    ]
    assert out["dice_used"] == 2 and out["winner"] is None
    tokens = {t["id"]: t for t in out["tokens"]}
    assert [t["id"] for t in out["tokens"]] == ["R1", "R2", "R3", "B1"]
    assert tokens["R1"]["at"] == "d2" and tokens["B1"]["hp"] == 2
    assert tokens["R2"]["hp"] == 3  # healed to full
    assert tokens["R3"]["character"] == "Aldo" and tokens["R1"]["character"] is None
    assert all(t["fallen"] is False for t in out["tokens"])


def test_it_answers_each_line_and_exits_1_if_any_failed():
    code, answers = run(json.dumps(EXAMPLE), "not json", json.dumps(EXAMPLE))
    assert code == 1
    assert "error" in answers[1] and answers[0] == answers[2]


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (changed(side=None), "side"),
        (changed(dice=[4, 7]), "dice[1]"),
        (changed(grid={"width": 30, "height": 6}), "grid"),
        (changed(options={"flank": True}), "options.flank"),
        (changed(actions=[{"token": "R1", "do": "fly"}]), "actions[0].do"),
        (
            changed(actions=[{"token": "R1", "do": "move", "path": ["c2", "??"]}]),
            "actions[0].path[1]",
        ),
        (changed(actions=[{"token": "R1", "do": "attack"}]), 'actions[0]: missing field "target"'),
    ],
)
def test_it_names_the_field_that_cannot_be_read(line, field):
    assert field in answer(line)["error"]


def test_it_names_a_bad_token_field():
    line = copy.deepcopy(EXAMPLE)
    line["tokens"][2]["hp"] = -1
    assert answer(line)["error"].startswith("tokens[2].hp")
    del line["tokens"][0]["spd"]
    assert answer(line)["error"] == 'tokens[0]: missing field "spd"'


def test_it_refuses_two_tokens_on_one_square():
    line = copy.deepcopy(EXAMPLE)
    line["tokens"][1]["at"] = "b2"
    assert answer(line)["error"] == "tokens[1].at: b2 is already held by R1"


def test_it_fails_the_whole_line_without_enough_dice():
    out = answer(changed(dice=[4]))
    assert set(out) == {"error"} and "not enough dice" in out["error"]


def test_it_uses_no_dice_for_a_refused_attack():
    line = changed(actions=[{"token": "R1", "do": "attack", "target": "B1"}], dice=[])
    out = answer(line)
    assert out["results"] == [{"token": "R1", "ok": False, "error": "B1 is not next to R1"}]
    assert out["dice_used"] == 0


def test_it_keeps_a_fallen_tokens_row_and_names_the_winner():
    line = changed(
        tokens=[
            {"id": "R1", "side": "red", "at": "b2", "att": 9, "def": 3, "spd": 3, "hp": 3,
             "max_hp": 3, "character": {"name": "Aldo", "att": 0, "def": 0}},
            {"id": "B0", "side": "blue", "at": None, "att": 3, "def": 3, "spd": 3, "hp": 0,
             "max_hp": 3, "fallen": True},
            {"id": "B1", "side": "blue", "at": "c2", "att": 3, "def": 3, "spd": 3, "hp": 3,
             "max_hp": 3},
        ],
        actions=[{"token": "R1", "do": "attack", "target": "B1"}],
        dice=[6, 1],
    )  # fmt: skip
    out = answer(line)
    assert [t["id"] for t in out["tokens"]] == ["R1", "B0", "B1"]
    assert out["tokens"][2]["fallen"] is True and out["tokens"][2]["hp"] == 0
    assert out["results"][0]["damage"] == 11
    assert out["winner"] == "red"


def test_it_is_deterministic():
    line = json.dumps(EXAMPLE)
    assert run(line, line) == run(line, line)


def test_it_needs_no_dice_for_a_line_without_combat():
    line = changed(actions=[{"token": "R1", "do": "move", "path": ["c2"]}])
    del line["dice"]
    assert answer(line)["results"] == [{"token": "R1", "ok": True}]


def test_it_reads_null_as_none_given():
    line = changed(options=None)
    line["tokens"][0].update(powers=None, fallen=None, character=None)
    out = answer(line)
    assert "error" not in out and out["tokens"][0]["fallen"] is False
