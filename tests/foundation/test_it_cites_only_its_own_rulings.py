"""The project stands alone: every ruling it cites is written in docs/rulings.md."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "docs" / "rulings.md"
CITED = re.compile(r"\bruling (\d+)\b", re.IGNORECASE)
OUTSIDE_DOCUMENTS = ("DECISIONS" + ".md", "FORMAT" + ".md")  # split: this file cites neither


def tracked_text_files() -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files", "*.py", "*.md", "*.json", "*.html", "*.txt", "Makefile"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in names if (ROOT / name).is_file()]


def written_rulings() -> set[int]:
    return {int(n) for n in re.findall(r"^\*\*Ruling (\d+):", RULINGS.read_text(), re.M)}


def test_it_numbers_its_rulings_one_after_another():
    numbers = written_rulings()
    assert numbers == set(range(1, len(numbers) + 1))


def test_it_cites_no_document_outside_the_repository():
    citing = {
        str(path.relative_to(ROOT))
        for path in tracked_text_files()
        if any(name in path.read_text(errors="replace") for name in OUTSIDE_DOCUMENTS)
    }
    assert citing == set()


def test_every_cited_ruling_is_written():
    written = written_rulings()
    missing = {
        f"{path.relative_to(ROOT)}: ruling {number}"
        for path in tracked_text_files()
        for number in map(int, CITED.findall(path.read_text(errors="replace")))
        if number not in written
    }
    assert missing == set()
