"""No production module imports django.test: its request factory and client skip
the middleware, and its helpers are written for test databases, not for a site."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.foundation.layers import PACKAGES, code_of

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = PACKAGES


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def from_django_test(names: set[str]) -> set[str]:
    return {name for name in names if name == "django.test" or name.startswith("django.test.")}


def production_modules() -> list[Path]:
    return sorted(path for package in PRODUCTION for path in code_of(ROOT, package))


def test_no_production_module_imports_django_test():
    offenders = {
        str(path.relative_to(ROOT)): sorted(from_django_test(imports_of(path)))
        for path in production_modules()
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_it_reads_every_production_package():
    read = {path.relative_to(ROOT).parts[0] for path in production_modules()}
    assert read == set(PRODUCTION)
    assert ROOT / "api" / "caretaking.py" in production_modules()


def test_it_would_notice_either_form_of_the_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text(
        "import django.test.client\nfrom django.test import RequestFactory\nimport django.testing\n"
    )
    assert from_django_test(imports_of(sneaky)) == {"django.test", "django.test.client"}
