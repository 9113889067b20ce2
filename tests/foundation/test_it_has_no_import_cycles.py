"""No circle of imports between the project's own modules.

Every import counts, wherever it stands (a circle is not broken by hiding one
side inside a function), except those under ``if TYPE_CHECKING:``, which never
run. A package's ``__init__`` is a module like any other; importing
``a.b.c`` is an edge to ``a.b.c`` itself, not to its parents.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.foundation.layers import PACKAGES, code_of

ROOT = Path(__file__).resolve().parents[2]

Graph = dict[str, set[str]]


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    return {
        module_name(path, root): path for package in packages for path in code_of(root, package)
    }


def is_type_checking_block(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    names = {getattr(test, "id", None), getattr(test, "attr", None)}
    return isinstance(node, ast.If) and "TYPE_CHECKING" in names


def import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif not is_type_checking_block(node):
            found += import_nodes(node)
    return found


def imported_names(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> list[str]:
    """Every dotted name an import may load: ``from a import b`` may load ``a.b``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parent = here.split(".")
        parent = parent if is_package else parent[:-1]
        parent = parent[: len(parent) - (node.level - 1)]
        base = ".".join([*parent, base] if base else parent)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def dynamic_imports(tree: ast.AST) -> set[str]:
    """Modules loaded by name: ``importlib.import_module("a.b")`` is an import too."""
    found = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
        first = node.args[0]
        if name == "import_module" and isinstance(first, ast.Constant):
            found.add(str(first.value))
    return found


def import_graph(modules: dict[str, Path]) -> Graph:
    graph: Graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        is_package = path.name == "__init__.py"
        loaded = {
            target
            for node in import_nodes(tree)
            for target in imported_names(node, name, is_package)
        }
        targets = {
            target
            for target in loaded | dynamic_imports(tree)
            if target in modules and target != name
        }
        graph[name] = targets
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_it_has_no_import_circle_between_the_projects_modules():
    assert circles(import_graph(project_modules(ROOT, PACKAGES))) == []


def test_it_would_notice_a_circle_hidden_in_a_function(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def later():\n    from pkg.a import thing\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n"
    )
    graph = import_graph(project_modules(tmp_path, ("pkg",)))
    assert circles(graph) == [["pkg.a", "pkg.b"]]


def test_it_would_notice_a_circle_through_a_module_loaded_by_name(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("import importlib\nimportlib.import_module('pkg.b')\n")
    (package / "b.py").write_text("from pkg.a import thing\n")
    assert circles(import_graph(project_modules(tmp_path, ("pkg",)))) == [["pkg.a", "pkg.b"]]


def test_it_reads_relative_imports(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from . import a\n")
    (package / "a.py").write_text("from .b import thing\n")
    (package / "b.py").write_text("from .a import other\n")
    graph = import_graph(project_modules(tmp_path, ("pkg",)))
    assert graph["pkg"] == {"pkg.a"}
    assert circles(graph) == [["pkg.a", "pkg.b"]]
