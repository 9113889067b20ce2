"""`python -m adjudication battle verify`: a replay document and a seed, checked and re-played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudication.battle.dice import commitment, rolls
from adjudication.cli import main

SEED = "5eed" * 16
NO_POWERS = {"range": 0, "heal": False}


def _document(**changes: Any) -> dict[str, Any]:
    infantry = {"att": 3, "def": 3, "spd": 3, "hp": 3, "max_hp": 3}
    return {
        "commitment": commitment(SEED),
        "seed": None,
        "grid": {"width": 6, "height": 4, "terrain": {"e4": "trees"}},
        "options": {"flanking": False, "after_combat_healing": False, "veterans": False, "fog": 2},
        "sides": ["red", "blue"],
        "tokens": [
            {"id": "R1", "side": "red", "at": "b2", **infantry, "powers": NO_POWERS,
             "character": {"name": "Aldo", "att": 1, "def": 0}},
            {"id": "B1", "side": "blue", "at": "c2", **infantry, "powers": NO_POWERS,
             "character": None},
        ],
        "turns": [{"number": 1, "side": "red", "text": "R1 attack B1"}],
        "edits": [],
        "overrides": {},
    } | changes  # fmt: skip


def _verify(tmp_path: Path, capsys: pytest.CaptureFixture[str], document: Any, *args: str):
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(document))
    status = main(["battle", "verify", str(path), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_it_reports_every_roll_and_the_final_board(tmp_path, capsys):
    status, out, _ = _verify(tmp_path, capsys, _document(), SEED)
    assert status == 0
    assert "The seed matches: the commitment is the SHA-256 of the seed as printed" in out
    first = rolls(SEED, 0, 1)[0]
    assert f"     0  {first}  roll-off: red" in out
    assert "turn 1: R1 attacks B1: attacker's die" in out
    assert "  turn 1, red: R1 attacks B1: " in out and " + ATT 3 + Aldo 1) against " in out
    assert "  R1 (red) at b2: HP 3/3, ATT 3 DEF 3 SPD 3, with Aldo" in out


def test_it_takes_the_seed_from_the_document_when_none_is_given(tmp_path, capsys):
    status, out, _ = _verify(tmp_path, capsys, _document(seed=SEED), "--json")
    report = json.loads(out)
    assert status == 0 and report["seed"] == SEED and report["matches"]
    assert [r["value"] for r in report["rolls"]] == list(rolls(SEED, 0, len(report["rolls"])))


def test_a_seed_that_does_not_match_fails(tmp_path, capsys):
    status, out, _ = _verify(tmp_path, capsys, _document(), "ab" * 32)
    assert status == 1 and "does NOT match" in out


def test_it_reads_documents_published_with_the_older_names(tmp_path, capsys):
    """``sight`` for the fog and flat token fields, as replay.json was first published."""
    old = _document()
    old["options"] = {"flanking": False, "after_combat_healing": False, "veterans": False,
                      "sight": 2}  # fmt: skip
    for token in old["tokens"]:
        character = token.pop("character") or {}
        token.pop("powers")
        token |= {"range": 0, "heal": False, "character": character.get("name"),
                  "character_att": character.get("att", 0), "character_def": 0}  # fmt: skip
    status, out, _ = _verify(tmp_path, capsys, old, SEED, "--json")
    assert status == 0 and json.loads(out)["tokens"][0]["character"] == "Aldo"
    assert out == _verify(tmp_path, capsys, _document(), SEED, "--json")[1]


def test_it_names_what_is_wrong(tmp_path, capsys):
    status, _, err = _verify(tmp_path, capsys, _document())
    assert status == 1 and "no seed" in err
    status, _, err = _verify(tmp_path, capsys, {"commitment": "x"}, SEED)
    assert status == 1 and "missing field" in err
    assert main(["battle", "verify"]) == 2
    assert main(["battle", "verify", str(tmp_path / "absent.json"), SEED]) == 1
