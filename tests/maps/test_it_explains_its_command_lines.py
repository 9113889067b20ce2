"""`python -m maps`, `python -m maps render` and `python -m maps.build` answer --help,
and a wrong command line gets the usage and exit status 2."""

from __future__ import annotations

import importlib.util

import pytest

from tests.command_lines import assert_helps, assert_usage_error, run
from tests.maps.helpers import RECORDS

COMMANDS = [("maps",), ("maps", "render"), ("maps.build",)]


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_maps_command_answers_help(command, flag):
    module, *args = command
    shown = assert_helps(module, *args, flag)
    assert shown.startswith(" ".join(("usage: python -m", *command)))
    assert "exit status: 0" in shown


def test_the_help_names_the_render_command_and_its_widths():
    assert "\n    render " in assert_helps("maps", "--help")
    assert "300 to 4000" in " ".join(assert_helps("maps", "render", "--help").split())


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ((), "required: COMMAND"),
        (("draw",), "invalid choice: 'draw'"),
        (("render", "--bogus"), "unrecognized arguments: --bogus"),
        (("render", "a.json", "b.json"), "unrecognized arguments: b.json"),
        (("render", "--width", "5"), "--width: must be between 300 and 4000, got 5"),
        (("render", "--width", "wide"), "--width: not a whole number of pixels: 'wide'"),
        (("render", "-o"), "expected one argument"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else None,
)
def test_a_wrong_maps_command_line_gets_the_usage_and_status_2(args, named):
    assert named in assert_usage_error("maps", *args)


def test_a_width_refused_is_refused_before_the_record_is_read():
    error = assert_usage_error("maps", "render", "--width", "9999", stdin="not read")
    assert error.startswith("usage: python -m maps render ")


@pytest.mark.parametrize(
    ("args", "named"),
    [(("--bogus",), "unrecognized arguments: --bogus"), (("--out",), "expected one argument")],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else None,
)
def test_a_wrong_build_command_line_gets_the_usage_and_status_2(args, named):
    assert named in assert_usage_error("maps.build", *args)


@pytest.mark.skipif(
    importlib.util.find_spec("shapely") is not None, reason="the build's libraries are here"
)
def test_the_build_names_its_missing_libraries(tmp_path):
    done = run("maps.build", "--out", str(tmp_path / "map.json"))
    assert done.returncode == 1
    assert "requirements-build.txt" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "map.json").exists()


def test_a_record_that_cannot_be_read_keeps_its_own_error():
    """Bad input is not a usage error: one line, no usage (docs/maps.md)."""
    done = run("maps", "render", "-o", "/dev/null", stdin="{")
    assert done.returncode == 2
    assert done.stderr.startswith("python -m maps render: error: stdin is not JSON")
    assert "usage:" not in done.stderr


def test_a_good_record_still_draws():
    done = run("maps", "render", str(RECORDS / "germany_f1901m.json"), "-o", "/dev/null")
    assert (done.returncode, done.stderr) == (0, "")
