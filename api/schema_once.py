"""The API whose OpenAPI document is built once per prefix, not per request.

django-ninja rebuilds the document (every route's pydantic schemas) on each
GET of /api/v1/openapi.json: some 40 ms a request. The document is a function
of the code alone (the routes and schemas registered at import, the API's
title and settings) and of the path it is served under, so the first one
built for a prefix is served again: nothing a request carries reaches it.
Its JSON is kept too (writing the document out was some 3 ms a request):
the same bytes and headers ninja's own view answers with.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path
from ninja.openapi.schema import OpenAPISchema
from ninja.openapi.views import openapi_json

from api.answers import DeclaringApi

DOCUMENT = "openapi-json"  # ninja's name for the document's route


class SchemaOnceAPI(DeclaringApi):
    """The declaring API (api.answers), its document kept once built."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._schemas: dict[tuple[Any, ...], OpenAPISchema] = {}
        self._documents: dict[tuple[Any, ...], tuple[bytes, str]] = {}

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        key = (path_prefix, tuple(sorted((path_params or {}).items())))
        if key not in self._schemas:
            self._schemas[key] = super().get_openapi_schema(
                path_prefix=path_prefix, path_params=path_params
            )
        return self._schemas[key]

    def _get_urls(self) -> list[Any]:
        urls = super()._get_urls()
        return [
            self._document_once(url)
            if isinstance(url, URLPattern) and url.name == DOCUMENT
            else url
            for url in urls
        ]

    def _document_once(self, pattern: URLPattern) -> URLPattern:
        """The document's own route, answered from its kept bytes."""
        view: Any = self.openapi_document
        if self.docs_decorator:
            view = self.docs_decorator(view)
        return path(str(pattern.pattern), view, name=DOCUMENT)

    def openapi_document(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        key = tuple(sorted(kwargs.items()))
        if key not in self._documents:
            answer = openapi_json(request, self, **kwargs)
            self._documents[key] = (answer.content, answer["Content-Type"])
        body, content_type = self._documents[key]
        return HttpResponse(body, content_type=content_type)
