"""`python -m caretaker` answers --help, and a wrong command line gets the usage
and exit status 2 before any request is made."""

from __future__ import annotations

import pytest

from tests.command_lines import assert_helps, assert_usage_error

# Nothing listens there: a command line refused before any request never finds out.
NOWHERE = "http://127.0.0.1:9"


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_it_answers_help(flag):
    shown = assert_helps("caretaker", flag)
    assert shown.startswith("usage: python -m caretaker ")
    for option in ("--server", "--token", "--game", "exit status: 0"):
        assert option in shown


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((), "required: --server, --token, --game"),
        (("--server", NOWHERE, "--game", "12"), "required: --token"),
        (("--server", NOWHERE, "--token", "t", "--game", "twelve"), "invalid int value"),
        (("--server", "fogdip.example", "--token", "t", "--game", "12"), "not an http(s) address"),
        (("--server", NOWHERE, "--token", "t", "--game", "12", "--bogus"), "unrecognized"),
    ],
    ids=["nothing", "no token", "bad game", "bad server", "unknown option"],
)
def test_a_wrong_command_line_gets_the_usage_and_status_2(args, named):
    assert named in assert_usage_error("caretaker", *args)
