"""The layers import downwards only: maps/ draws from a record and knows
neither Django nor the games app; games/ never reaches up into the project
package (fogdip/), which wires it together."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.foundation.test_it_has_no_import_cycles import (
    ROOT,
    import_nodes,
    imported_names,
    module_name,
)


def imports_of(package: str) -> dict[str, set[str]]:
    """Each module of the package, with the top-level names of all it imports."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        here = module_name(path, ROOT)
        tree = ast.parse(path.read_text(), filename=str(path))
        names = {
            name.split(".")[0]
            for node in import_nodes(tree)
            for name in imported_names(node, here, path.name == "__init__.py")
            if name
        }
        found[here] = names
    return found


def offenders(package: str, forbidden: set[str]) -> dict[str, list[str]]:
    return {
        module: sorted(names & forbidden)
        for module, names in imports_of(package).items()
        if names & forbidden
    }


def test_maps_imports_neither_django_nor_games():
    assert offenders("maps", {"django", "games", "fogdip"}) == {}


def test_games_imports_nothing_from_the_project_package():
    assert offenders("games", {"fogdip"}) == {}


def test_it_would_notice_a_forbidden_import(tmp_path: Path, monkeypatch):
    package = tmp_path / "maps"
    package.mkdir()
    (package / "sneaky.py").write_text("def later():\n    from django.conf import settings\n")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert offenders("maps", {"django"}) == {"maps.sneaky": ["django"]}


def test_the_caretaker_imports_neither_django_nor_games():
    """It plays from a record through the API, so anyone may run it against any server."""
    assert offenders("caretaker", {"django", "games", "fogdip", "maps"}) == {}
