"""adjudication/ is plain Python: standard library only, nothing else."""

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "adjudication"


def imported_roots(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def test_it_imports_only_the_standard_library_and_itself():
    allowed = set(sys.stdlib_module_names) | {"adjudication", "__future__"}
    strays = {
        f"{path.relative_to(PACKAGE)}: {root}"
        for path in PACKAGE.rglob("*.py")
        for root in imported_roots(path)
        if root not in allowed
    }
    assert not strays
