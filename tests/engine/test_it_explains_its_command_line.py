"""`python -m adjudication` and each of its commands answer --help, and a wrong
command line gets the usage and exit status 2; a line that fails is not one."""

from __future__ import annotations

import json

import pytest

from tests.command_lines import assert_helps, assert_usage_error, run

COMMANDS = [(), ("resolve",), ("fog",), ("battle",), ("battle", "verify")]
STEP = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR"]},
    "orders": {"FRANCE": ["A PAR - BUR"]},
}


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_answers_help(command, flag):
    shown = assert_helps("adjudication", *command, flag)
    assert shown.startswith(" ".join(("usage: python -m adjudication", *command)))
    assert "exit status: 0" in shown


def test_the_help_names_every_command():
    shown = assert_helps("adjudication", "--help")
    for command in ("resolve", "fog", "battle"):
        assert f"\n    {command} " in shown
    assert "verify" in assert_helps("adjudication", "battle", "--help")


def test_the_fog_help_names_every_preset():
    shown = " ".join(assert_helps("adjudication", "fog", "--help").split())
    for preset in ("standard", "dc2005", "reynolds1989", "diplomyopia", "saari1898"):
        assert preset in shown


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((), "required: COMMAND"),
        (("frobnicate",), "invalid choice: 'frobnicate'"),
        (("resolve", "extra"), "unrecognized arguments: extra"),
        (("resolve", "--rules", "dc2005"), "unrecognized arguments: --rules dc2005"),
        (("fog",), "required: --rules"),
        (("fog", "--rules"), "expected one argument"),
        (("fog", "--rules", "chess"), 'unknown rules "chess"'),
        (("fog", "--rules", "standard", "extra"), "unrecognized arguments: extra"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else None,
)
def test_a_wrong_command_line_gets_the_usage_and_status_2(args, named):
    error = assert_usage_error("adjudication", *args, stdin=json.dumps(STEP) + "\n")
    assert named in error


def test_a_usage_error_shows_the_usage_of_the_command_given():
    error = assert_usage_error("adjudication", "fog", "--rules", "chess")
    assert error.startswith("usage: python -m adjudication fog [-h] --rules PRESET\n")


def test_the_fog_command_alone_answers_help_and_usage_errors():
    assert_helps("adjudication.fog.cli", "--help")
    assert "required: --rules" in assert_usage_error("adjudication.fog.cli")
    assert 'unknown rules "go"' in assert_usage_error("adjudication.fog.cli", "--rules", "go")


@pytest.mark.parametrize("rules", ["DC2005", " dc2005 "])
def test_a_preset_is_named_in_any_case(rules):
    done = run("adjudication", "fog", f"--rules={rules}", stdin=json.dumps(STEP) + "\n")
    assert done.returncode == 0, done.stderr
    assert "reports" in json.loads(done.stdout)


@pytest.mark.parametrize("command", [("resolve",), ("fog", "--rules", "standard")], ids=" ".join)
def test_a_line_that_fails_exits_1_not_2(command):
    done = run("adjudication", *command, stdin="{not json\n" + json.dumps(STEP) + "\n")
    assert done.returncode == 1
    assert done.stderr == ""
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["error"].startswith("bad JSON") and "error" not in second


def test_no_input_is_no_error():
    done = run("adjudication", "resolve")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
