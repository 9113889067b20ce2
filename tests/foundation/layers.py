"""Which of FogDip's packages may import which: written once, here.

Each package lists the project packages it may import; none may import one
not listed (docs/where.md, "The apps", shows the same table, and a test holds
the two together). The order is the order of the layers, lowest first: the
pure engine, the map and the caretaker; the site's common ground; the post
office; accounts; the two games; the API; the project package that wires
them together. Tests and benches may import anything.
"""

from __future__ import annotations

from pathlib import Path

MAY_IMPORT: dict[str, frozenset[str]] = {
    "adjudication": frozenset(),
    "maps": frozenset({"adjudication"}),
    "caretaker": frozenset({"adjudication"}),
    "common": frozenset(),
    "postoffice": frozenset({"common"}),
    "accounts": frozenset({"common", "postoffice"}),
    "standing": frozenset({"common", "accounts"}),
    "games": frozenset(
        {"adjudication", "maps", "caretaker", "common", "postoffice", "accounts", "standing"}
    ),
    "battles": frozenset({"adjudication", "maps", "common", "postoffice", "accounts"}),
    "api": frozenset(
        {
            "adjudication",
            "maps",
            "caretaker",
            "common",
            "postoffice",
            "accounts",
            "standing",
            "games",
        }
    ),
    "fogdip": frozenset(
        {
            "adjudication",
            "maps",
            "common",
            "postoffice",
            "accounts",
            "standing",
            "games",
            "battles",
            "api",
        }
    ),
}

PACKAGES: tuple[str, ...] = tuple(MAY_IMPORT)

# Outside libraries a package must never import, beyond the table: the engine
# is pure Python, the map draws from a record alone, and the caretaker is a
# client of the public API that anyone may run against any server.
MAY_NOT_USE: dict[str, frozenset[str]] = {
    "adjudication": frozenset({"django", "PIL", "celery", "redis", "psycopg", "ninja"}),
    "maps": frozenset({"django", "celery", "redis", "psycopg", "ninja"}),
    "caretaker": frozenset({"django", "PIL", "celery", "redis", "psycopg", "ninja"}),
}

# The Django apps among them: each keeps its own templates (and Jinja2 pages).
SITE_APPS: tuple[str, ...] = (
    "common",
    "postoffice",
    "accounts",
    "standing",
    "games",
    "battles",
    "api",
    "fogdip",
)


def template_folders(root: Path) -> list[Path]:
    """Every folder templates are found in: the site's own, then each app's."""
    folders = [root / "templates"]
    for app in SITE_APPS:
        folders += [
            root / app / name for name in ("templates", "jinja2") if (root / app / name).is_dir()
        ]
    return folders


def code_of(root: Path, package: str) -> list[Path]:
    """The package's own modules: not its tests (tests may import anything)."""
    return sorted(
        path
        for path in (root / package).rglob("*.py")
        if "tests" not in path.relative_to(root).parts
    )
