"""The README's table of promises names, for each, test files that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def promise_rows() -> list[str]:
    text = (ROOT / "README.md").read_text()
    table = text.split("## What FogDip promises", 1)[1].split("\n\n", 2)[1]
    return [line for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]


def test_it_names_an_existing_test_for_every_promise() -> None:
    rows = promise_rows()
    assert len(rows) >= 5
    for row in rows:
        named = re.findall(r"`((?:\w+/)?tests/[^`]+\.py)`", row)
        assert named, f"no test named for: {row[:60]}"
        missing = [path for path in named if not (ROOT / path).is_file()]
        assert not missing, missing
