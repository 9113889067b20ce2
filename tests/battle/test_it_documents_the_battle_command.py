"""The README's battle example prints what the README says it prints."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = re.compile(
    r"echo '(?P<input>\{.*\})' \\\n"
    r"\s+\| \.venv/bin/python -m adjudication battle\n"
    r"# (?P<output>\{.*\})"
)


def test_it_documents_the_battle_command_truthfully():
    match = EXAMPLE.search((ROOT / "README.md").read_text())
    assert match, "the README's battle example is missing"
    result = subprocess.run(
        [sys.executable, "-m", "adjudication", "battle"],
        input=match["input"] + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(result.stdout) == json.loads(match["output"])


def test_it_links_the_rules_page_from_the_readme():
    readme = (ROOT / "README.md").read_text()
    assert "python -m adjudication battle" in readme
    assert "docs/rules/battle.md" in readme and (ROOT / "docs/rules/battle.md").exists()
