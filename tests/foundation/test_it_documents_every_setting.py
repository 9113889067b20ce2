"""`.env.example` lists every variable the settings read, each with a comment."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READERS = re.compile(r"""(?:env_\w+|database_setting|cache_setting)\(\s*"([A-Z_]+)\"""")


def variables_read_by_settings() -> set[str]:
    source = (ROOT / "fogdip" / "settings.py").read_text()
    return set(READERS.findall(source))


def documented_variables() -> dict[str, str]:
    documented: dict[str, str] = {}
    comment = ""
    for line in (ROOT / ".env.example").read_text().splitlines():
        if line.startswith("#"):
            comment = line
        elif "=" in line:
            documented[line.split("=", 1)[0]] = comment
            comment = ""
    return documented


def test_it_documents_every_variable_the_settings_read():
    missing = variables_read_by_settings() - set(documented_variables())
    assert not missing, f".env.example does not list {sorted(missing)}"


def test_it_gives_every_variable_a_comment():
    uncommented = [name for name, comment in documented_variables().items() if not comment]
    assert not uncommented


def test_it_finds_the_variables_it_checks():
    assert {
        "SECRET_KEY",
        "DATABASE_URL",
        "CELERY_BROKER_URL",
        "EMAIL_BACKEND",
        "CARETAKER_PASSES_PER_SWEEP",
    } <= (variables_read_by_settings())
