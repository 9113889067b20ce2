"""The API whose OpenAPI document is built once per prefix, not per request.

django-ninja rebuilds the document (every route's pydantic schemas) on each
GET of /api/v1/openapi.json: some 40 ms a request. The document is a function
of the code alone (the routes and schemas registered at import, the API's
title and settings) and of the path it is served under, so the first one
built for a prefix is served again: nothing a request carries reaches it.
"""

from __future__ import annotations

from typing import Any

from ninja.openapi.schema import OpenAPISchema

from games.api.answers import DeclaringApi


class SchemaOnceAPI(DeclaringApi):
    """The declaring API (games.api.answers), its document kept once built."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._schemas: dict[tuple[Any, ...], OpenAPISchema] = {}

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        key = (path_prefix, tuple(sorted((path_params or {}).items())))
        if key not in self._schemas:
            self._schemas[key] = super().get_openapi_schema(
                path_prefix=path_prefix, path_params=path_params
            )
        return self._schemas[key]
