"""`adjudication/` imports only the standard library and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = set(sys.stdlib_module_names) | {"adjudication", "__future__"}


def imported_top_level_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def engine_modules() -> list[Path]:
    return sorted((ROOT / "adjudication").rglob("*.py"))


def test_it_imports_only_the_standard_library():
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_top_level_names(path) - ALLOWED)
        for path in engine_modules()
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_it_would_notice_a_framework_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from django.db import models\nimport PIL.Image\n")
    assert imported_top_level_names(sneaky) - ALLOWED == {"django", "PIL"}
