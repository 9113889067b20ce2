"""The caretaker knows only what its seat's record says.

Two boards that differ only where the seat cannot see give the same record,
so the same orders; and the caretaker's package imports nothing from the
web application, so it has no other road to the board.
"""

import ast
import json
from pathlib import Path

from adjudication.fog import get_preset
from adjudication.fog.play import initial_records, play_phase
from caretaker.policy import plan

PACKAGE = Path(__file__).resolve().parents[2] / "caretaker"


def test_it_imports_nothing_from_the_web_application():
    imported = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
    assert imported <= {
        "__future__",
        "adjudication",
        "caretaker",
        "collections",
        "dataclasses",
        "functools",
        "typing",
        "json",
        "urllib",
        "http",
        "argparse",
        "time",
        "sys",
        "os",
        "logging",
    }, imported


def _austria_after(turkish_orders):
    preset = get_preset("dc2005")
    position = preset.start()
    records, _ = initial_records(preset, position)
    played = play_phase(preset, position, {"TURKEY": turkish_orders}, records)
    return played.records["AUSTRIA"], played.records["TURKEY"]


def test_it_orders_the_same_when_only_hidden_things_differ():
    quiet, turkey_quiet = _austria_after(["A Smy H"])
    moved, turkey_moved = _austria_after(["A Smy - Syr"])
    assert turkey_quiet != turkey_moved, "the control: Turkey's own record differs"
    assert json.dumps(quiet, sort_keys=True) == json.dumps(moved, sort_keys=True)
    assert plan(quiet, "F1901M") == plan(moved, "F1901M")
