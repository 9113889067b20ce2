"""The README's engine example prints what the README says it prints."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from adjudication.fog import PRESETS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = re.compile(
    r"echo '(?P<input>\{.*\})' \\\n"
    r"\s+\| \.venv/bin/python -m adjudication resolve\n"
    r"# (?P<output>\{.*\})"
)


def readme_example() -> tuple[str, dict]:
    match = EXAMPLE.search((ROOT / "README.md").read_text())
    assert match, "the README's resolve example is missing"
    return match["input"], json.loads(match["output"])


def test_it_documents_the_resolve_command_truthfully():
    line, expected = readme_example()
    result = subprocess.run(
        [sys.executable, "-m", "adjudication", "resolve"],
        input=line + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(result.stdout) == expected


def test_it_names_both_commands_and_every_preset():
    readme = (ROOT / "README.md").read_text()
    assert "python -m adjudication resolve" in readme
    assert "python -m adjudication fog --rules" in readme
    for preset in PRESETS:
        assert preset in readme
