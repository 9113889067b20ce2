"""`python -m adjudication battle`, `battle verify` and `python -m maps.battle` answer
--help, and a wrong command line gets the usage and exit status 2; a battle
line that fails, or a replay that cannot be verified, exits 1."""

from __future__ import annotations

import json

import pytest

from tests.battle.test_it_verifies_a_replay_document import SEED, _document
from tests.command_lines import assert_helps, assert_usage_error, run

COMMANDS = [
    ("adjudication", "battle"),
    ("adjudication", "battle", "verify"),
    ("maps.battle",),
]


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_battle_command_answers_help(command, flag):
    module, *args = command
    shown = assert_helps(module, *args, flag)
    assert shown.startswith(" ".join(("usage: python -m", *command)))
    assert "exit status: 0" in shown


def test_the_battle_help_shows_verify_may_be_left_out():
    shown = assert_helps("adjudication", "battle", "--help")
    assert shown.startswith("usage: python -m adjudication battle [-h] [verify ...]\n")


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("battle", "frob"), "invalid choice: 'frob'"),
        (("battle", "--bogus"), "unrecognized arguments: --bogus"),
        (("battle", "verify"), "required: replay.json"),
        (("battle", "verify", "a.json", "SEED", "more"), "unrecognized arguments: more"),
        (("battle", "verify", "a.json", "--bogus"), "unrecognized arguments: --bogus"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else None,
)
def test_a_wrong_battle_command_line_gets_the_usage_and_status_2(args, named):
    assert named in assert_usage_error("adjudication", *args)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--bogus",), "unrecognized arguments: --bogus"),
        (("-o",), "expected one argument"),
        (("a.json", "b.json"), "unrecognized arguments: b.json"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else None,
)
def test_a_wrong_picture_command_line_gets_the_usage_and_status_2(args, named):
    assert named in assert_usage_error("maps.battle", *args)


@pytest.mark.parametrize(
    "order",
    [("PATH", "SEED", "--json"), ("--json", "PATH", "SEED"), ("PATH", "--json", "SEED")],
    ids=" ".join,
)
def test_verify_takes_json_anywhere(tmp_path, order):
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(_document()))
    args = [{"PATH": str(path), "SEED": SEED}.get(arg, arg) for arg in order]
    done = run("adjudication", "battle", "verify", *args)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["seed"] == SEED


def test_a_replay_that_cannot_be_verified_exits_1(tmp_path):
    done = run("adjudication", "battle", "verify", str(tmp_path / "absent.json"), SEED)
    assert done.returncode == 1
    assert done.stderr.startswith("cannot verify ") and "usage:" not in done.stderr


def test_a_battle_line_that_fails_exits_1_not_2():
    done = run("adjudication", "battle", stdin="{}\n")
    assert done.returncode == 1 and done.stderr == ""
    assert "error" in json.loads(done.stdout)
