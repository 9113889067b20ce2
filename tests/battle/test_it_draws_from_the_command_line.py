"""python -m maps.battle draws a record file as the renderer does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from adjudication.battle.knowledge_json import record_json
from maps.battle.render import render_battle_png
from tests.battle.pictures import records

ROOT = Path(__file__).resolve().parents[2]


def draw(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "maps.battle", *args],
        input=stdin.encode(),
        capture_output=True,
        cwd=ROOT,
        check=False,
    )


def test_it_draws_a_record_file(tmp_path):
    red, _ = records()
    source = tmp_path / "red.json"
    source.write_text(json.dumps(record_json(red)))
    done = draw(str(source), "-o", str(tmp_path / "red.png"), "--title", "Ford")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "red.png").read_bytes() == render_battle_png(red, "Ford")


def test_it_names_what_is_wrong_with_the_input():
    done = draw(stdin='{"side": "red"}')
    assert done.returncode == 1
    assert b"stdin: missing field 'grid'" in done.stderr
    assert b"is not JSON" in draw(stdin="nope").stderr
