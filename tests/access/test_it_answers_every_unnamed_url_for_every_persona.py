"""The access matrix's patterns without a name: walked from the URL configuration
like the named ones (tests/access/routes.py), each with a row here or an
excuse saying why not; a new unnamed pattern fails the first test.

A row is an example URL the pattern itself must match and the answer every
persona (tests/access/world.py; none of them staff) gets. Django's admin
adds the unnamed ones: for each model, a short link to an object's change
page, and a catch-all for the rest of /admin/. Both go through the admin's
own sign-in, like every named admin page.
"""

from __future__ import annotations

import re

import pytest
from django.urls import resolve

from tests.access.routes import Unnamed, unnamed_patterns
from tests.access.world import PERSONAS, build_world

ADMIN_SIGN_IN = "/admin/login/"  # a redirect there, for everyone without staff rights

# Families of patterns, one rule each: (route as written, matched whole) -> (example URL, answer).
FAMILIES: dict[str, tuple[str, str]] = {
    # /admin/<app>/<model>/<id>/: the admin's short link to the object's change page.
    r"admin/(?P<app>\w+)/(?P<model>\w+)/<path:object_id>/": (
        "/admin/{app}/{model}/1/",
        ADMIN_SIGN_IN,
    ),
    # The admin's catch-all: whatever else is asked under /admin/.
    re.escape("admin/(?P<url>.*)$"): ("/admin/no/such/page/", ADMIN_SIGN_IN),
}
# Patterns with no row, each with the reason (none today).
EXCUSED: dict[str, str] = {}


def row_of(unnamed: Unnamed) -> tuple[str, str] | None:
    for family, (example, expected) in FAMILIES.items():
        match = re.fullmatch(family, unnamed.route)
        if match:
            return example.format(**match.groupdict()), expected
    return None


def test_it_has_a_row_or_an_excuse_for_every_unnamed_pattern() -> None:
    patterns = unnamed_patterns()
    missing = [p.route for p in patterns if row_of(p) is None and p.route not in EXCUSED]
    assert patterns, "the walk found no unnamed pattern: is it still walking?"
    assert not missing, f"unnamed URL patterns with no row and no excuse: {missing}"
    stale = set(EXCUSED) - {p.route for p in patterns}
    assert not stale, f"excuses for patterns that no longer exist: {stale}"


def test_each_example_reaches_its_own_pattern() -> None:
    wrong = {}
    for unnamed in unnamed_patterns():
        found = row_of(unnamed)
        if found and resolve(found[0]).func is not unnamed.pattern.callback:
            wrong[unnamed.route] = found[0]
    assert not wrong, f"examples answered by another pattern: {wrong}"


@pytest.mark.django_db
def test_it_answers_every_unnamed_pattern_as_the_matrix_says() -> None:
    world = build_world()
    wrong = {}
    for unnamed in unnamed_patterns():
        found = row_of(unnamed)
        if found is None:
            continue
        example, expected = found
        for persona in PERSONAS:
            response = world.client(persona).get(example)
            location = response.get("Location", "")
            if not (response.status_code == 302 and location.startswith(expected)):
                wrong[(unnamed.route, persona)] = (response.status_code, location)
    assert not wrong, wrong
