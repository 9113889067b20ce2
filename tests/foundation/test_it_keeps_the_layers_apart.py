"""The layers import downwards only, as tests/foundation/layers.py lists them:
every project package imports only the packages below it, so a change to
one app never reaches up into another, and the engine, the map and the
caretaker know nothing of the site."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.foundation.layers import MAY_IMPORT, MAY_NOT_USE, PACKAGES, code_of
from tests.foundation.test_it_has_no_import_cycles import (
    ROOT,
    import_nodes,
    imported_names,
    module_name,
)


def imports_of(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package, with the top-level names of all it imports."""
    found = {}
    for path in code_of(root, package):
        here = module_name(path, root)
        tree = ast.parse(path.read_text(), filename=str(path))
        names = {
            name.split(".")[0]
            for node in import_nodes(tree)
            for name in imported_names(node, here, path.name == "__init__.py")
            if name
        }
        found[here] = names
    return found


def offenders(package: str, forbidden: set[str], root: Path = ROOT) -> dict[str, list[str]]:
    return {
        module: sorted(names & forbidden)
        for module, names in imports_of(package, root).items()
        if names & forbidden
    }


def reaching_up(package: str, root: Path = ROOT) -> dict[str, list[str]]:
    """The package's modules that import a project package it may not."""
    others = set(PACKAGES) - {package} - MAY_IMPORT[package]
    return offenders(package, others, root)


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_what_the_table_allows(package):
    assert reaching_up(package) == {}


@pytest.mark.parametrize("package", sorted(MAY_NOT_USE))
def test_the_pure_packages_use_no_framework(package):
    assert offenders(package, set(MAY_NOT_USE[package])) == {}


def test_every_top_level_package_is_in_the_table():
    """A new app must say where it stands before it is written."""
    packages = {
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in {"tests", "bench", "deploy"}  # not code of the site
    }
    assert packages == set(PACKAGES)


def test_the_table_is_a_ladder():
    """Each package may import only packages listed before it: no two may
    import each other, so the apps can be read from the bottom up."""
    for place, package in enumerate(PACKAGES):
        assert MAY_IMPORT[package] <= set(PACKAGES[:place]), package


def test_the_docs_show_the_same_table():
    rows = re.findall(r"^\| `(\w+)` \| (.*?) \|", (ROOT / "docs" / "where.md").read_text(), re.M)
    documented = {name: frozenset(re.findall(r"`(\w+)`", cell)) for name, cell in rows}
    assert documented == MAY_IMPORT


def test_it_would_notice_a_forbidden_import(tmp_path: Path):
    package = tmp_path / "postoffice"
    package.mkdir()
    (package / "sneaky.py").write_text("def later():\n    from games.models import Game\n")
    assert reaching_up("postoffice", tmp_path) == {"postoffice.sneaky": ["games"]}
