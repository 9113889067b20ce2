"""Every URL pattern of the site, read from the URL configuration itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver, reverse

# Values for the converters of Django's admin and of anymail's patterns.
THIRD_PARTY_VALUES = {"object_id": "1", "app_label": "games", "content_type_id": 1, "url": "x"}


@dataclass(frozen=True)
class Route:
    name: str  # "namespace:name" for namespaced patterns
    route: str  # the pattern as written, e.g. "games/<int:game_id>/"
    arguments: tuple[str, ...]

    @property
    def namespace(self) -> str:
        return self.name.split(":")[0] if ":" in self.name else ""

    def url(self, values: dict[str, Any]) -> str:
        given = {**THIRD_PARTY_VALUES, **values}
        if "token" in self.arguments:
            given["token"] = given[self.name]
        return reverse(self.name, kwargs={name: given.get(name, "1") for name in self.arguments})


def routes() -> list[Route]:
    return list(_walk(get_resolver().url_patterns, "", "", ()))


def _walk(patterns: list[Any], prefix: str, namespace: str, arguments: tuple[str, ...]) -> Any:
    for entry in patterns:
        inner_arguments = (*arguments, *entry.pattern.regex.groupindex)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}:{entry.namespace}".strip(":") if entry.namespace else namespace
            route = prefix + str(entry.pattern)
            yield from _walk(entry.url_patterns, route, inner, inner_arguments)
        elif isinstance(entry, URLPattern) and entry.name:
            name = f"{namespace}:{entry.name}" if namespace else entry.name
            yield Route(name, prefix + str(entry.pattern), inner_arguments)


@dataclass(frozen=True)
class Unnamed:
    """A URL pattern without a name: it cannot be reversed, so it is known by its route."""

    route: str  # the whole pattern as written, e.g. "admin/auth/user/<path:object_id>/"
    pattern: URLPattern


def unnamed_patterns() -> list[Unnamed]:
    return list(_walk_unnamed(get_resolver().url_patterns, ""))


def _walk_unnamed(patterns: list[Any], prefix: str) -> Any:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _walk_unnamed(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and not entry.name:
            yield Unnamed(prefix + str(entry.pattern), entry)
