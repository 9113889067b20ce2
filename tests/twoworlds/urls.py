"""Every GET a viewer can make: each URL pattern of the site (named or not),
with every value of its arguments the viewer could put there, and once with
each query parameter its view reads.

The patterns are read from the URL configuration and the query parameters
from the views' own source (``request.GET.get("power")``), so a new page or
a new parameter is asked for without anyone listing it here; a parameter
with no values below fails ``test_it_knows_every_query_parameter``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

# Families a player never reaches: Django's admin (staff only) and the
# providers' webhooks (POST only, signed).
SKIPPED_PREFIXES = ("admin/", "anymail/")
CONVERTER = re.compile(r"<(?:(?P<kind>\w+):)?(?P<name>\w+)>")
READS = re.compile(r"""request\.GET(?:\.get\(|\[)\s*["'](\w+)["']""")


@dataclass(frozen=True)
class Pattern:
    route: str  # e.g. "games/<int:game_id>/history/<int:ordinal>/"
    view: Any

    @property
    def arguments(self) -> tuple[str, ...]:
        return tuple(match["name"] for match in CONVERTER.finditer(self.route))

    def path(self, values: dict[str, str]) -> str:
        return "/" + CONVERTER.sub(lambda match: values[match["name"]], self.route)

    @property
    def parameters(self) -> tuple[str, ...]:
        return query_parameters(inspect.unwrap(self.view))


def patterns() -> list[Pattern]:
    found = _walk(get_resolver().url_patterns, "")
    return [pattern for pattern in found if not pattern.route.startswith(SKIPPED_PREFIXES)]


def _walk(entries: list[Any], prefix: str) -> Iterator[Pattern]:
    for entry in entries:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield Pattern(route, entry.callback)


@cache
def query_parameters(view: Any) -> tuple[str, ...]:
    """The query parameters a view reads, itself or through the functions of
    its own module that it calls (``history_power(request, viewer)``)."""
    return tuple(sorted(_reads(view, set())))


def _reads(function: Any, seen: set[Any]) -> set[str]:
    if function in seen or not inspect.isfunction(function):
        return set()
    seen.add(function)
    found = set(READS.findall(inspect.getsource(function)))
    module = vars(inspect.getmodule(function) or object())
    for name in function.__code__.co_names:
        helper = module.get(name)
        if inspect.isfunction(helper) and helper.__module__ == function.__module__:
            found |= _reads(helper, seen)
    return found


def urls(pattern: Pattern, values: dict[str, list[str]]) -> list[str]:
    """The pattern with each combination of its arguments' values."""
    chosen: list[dict[str, str]] = [{}]
    for name in pattern.arguments:
        chosen = [{**done, name: value} for done in chosen for value in values.get(name, [])]
    return [pattern.path(done) for done in chosen]


def with_queries(pattern: Pattern, url: str, queries: dict[str, list[str]]) -> list[str]:
    """The URL with each value of each query parameter its view reads, one at a time."""
    return [
        f"{url}?{parameter}={value}"
        for parameter in pattern.parameters
        for value in queries[parameter]
    ]
