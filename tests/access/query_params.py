"""Every query parameter the site reads, found in the source rather than listed by hand.

The views' reads are found by reading the code (an AST walk of every app
of the site, not their tests): ``request.GET.get("x")``, ``request.GET["x"]`` and
``request.GET.getlist("x")``, each named by the function it is read in. The
JSON API's are Django Ninja's query parameters, as the API itself declares
them in its OpenAPI schema (every argument of a route that is neither a path
argument nor a body). A new read shows up here on its own, so the query
matrix (test_it_answers_every_query_parameter_for_every_persona.py) fails
until it has a row.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.foundation.layers import SITE_APPS, code_of

ROOT = Path(__file__).resolve().parents[2]
SCANNED = SITE_APPS
READS = ("get", "getlist")

Read = tuple[str, str]  # ("games/views/press.py::chosen_correspondent", "with")


def view_reads() -> set[Read]:
    """(file::function, parameter) for every literal GET read in the scanned packages."""
    found: set[Read] = set()
    for package in SCANNED:
        for path in code_of(ROOT, package):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(), filename=str(path))
            where = path.relative_to(ROOT).as_posix()
            found |= {(f"{where}::{function}", name) for function, name in _reads(tree)}
    return found


def _reads(tree: ast.AST) -> Iterator[tuple[str, str]]:
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                name = _read_name(node)
                if name is not None:
                    yield function.name, name


def _read_name(node: ast.AST) -> str | None:
    """The parameter's name when ``node`` reads one from ``<something>.GET``."""
    if isinstance(node, ast.Subscript) and _is_get_dict(node.value):
        return _literal(node.slice)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return None
    if node.func.attr in READS and _is_get_dict(node.func.value) and node.args:
        return _literal(node.args[0])
    return None


def _is_get_dict(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "GET"


def _literal(node: ast.AST) -> str:
    """The name read; a name that is not a literal is reported as such, never skipped."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return f"<not a literal: {ast.unparse(node)}>"


def api_reads() -> set[Read]:
    """("api-v1:<route>", parameter) for every query parameter of the JSON API (the
    route named by its function, as the URL configuration names it)."""
    from api.routes import api

    named = operation_id_of(api)
    names = {
        named(operation): operation.view_func.__name__
        for _, router in api._routers
        for path_operation in router.path_operations.values()
        for operation in path_operation.operations
    }
    found: set[Read] = set()
    for operations in api.get_openapi_schema()["paths"].values():
        for operation in operations.values():
            route = f"api-v1:{names[operation['operationId']]}"
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query":
                    found.add((route, parameter["name"]))
    return found


def operation_id_of(api: Any) -> Any:
    return lambda operation: operation.operation_id or api.get_openapi_operation_id(operation)
