"""Running a command line as a person would, and what every one of them promises:
``--help`` answers with the usage and exit status 0, a wrong command line gets
the usage and the error on standard error and exit status 2 (argparse's own)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(module: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m module args`` from the project's root, nothing else set up."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "no_proxy": "*"},  # a test's local server is never proxied
        check=False,
        timeout=120,
    )


def assert_helps(module: str, *args: str) -> str:
    """The help, checked to be one: usage first, on stdout, exit status 0."""
    done = run(module, *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m "), done.stdout
    assert done.stderr == ""
    return done.stdout


def assert_usage_error(module: str, *args: str, stdin: str = "") -> str:
    """The error, checked to be a usage error: usage and error on stderr, status 2."""
    done = run(module, *args, stdin=stdin)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.startswith("usage: python -m "), done.stderr
    assert ": error: " in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    return done.stderr
