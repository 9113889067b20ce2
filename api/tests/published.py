"""A program that knows the API only from its published OpenAPI schema.

It reads the schema from the site, finds each operation in it by its
operationId, builds the URL from the declared path and query parameters,
checks the body it sends against the declared request body, and sends the
bearer token where the operation's security asks for one. Every answer is
held to the schema: its status declared for that operation, its content type
declared for that status, and its body valid against the declared schema
(JSON Schema 2020-12, as OpenAPI 3.1 says, with every $ref resolved in the
schema document).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from django.test import Client
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
DOCUMENT = "urn:fogdip:openapi"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def schema_url() -> str:
    """Where docs/api.md says the site serves its schema."""
    found = re.search(r"schema is served by the site at\s+`([^`]+)`", DOCS.read_text())
    assert found, "docs/api.md no longer says where the schema is served"
    return found.group(1)


def fetch() -> dict[str, Any]:
    """The schema as the site serves it, to anyone (it needs no token)."""
    answer = Client().get(schema_url())
    assert answer.status_code == 200, answer.status_code
    assert answer["Content-Type"].startswith("application/json")
    document: dict[str, Any] = json.loads(answer.content)
    return document


def pointer(*parts: str) -> str:
    return "".join("/" + part.replace("~", "~0").replace("/", "~1") for part in parts)


@dataclass
class Operation:
    method: str
    path: str
    spec: dict[str, Any]

    @property
    def operation_id(self) -> str:
        return str(self.spec["operationId"])


@dataclass
class Published:
    """The schema, and what a program's calls against it have met so far."""

    document: dict[str, Any]
    met: set[tuple[str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        resource = DRAFT202012.create_resource(self.document)
        self.registry: Registry[Any] = Registry().with_resource(DOCUMENT, resource)

    def operations(self) -> list[Operation]:
        return [
            Operation(method.upper(), path, spec)
            for path, methods in self.document["paths"].items()
            for method, spec in methods.items()
        ]

    def operation(self, operation_id: str) -> Operation:
        found = [op for op in self.operations() if op.operation_id == operation_id]
        assert len(found) == 1, f"the schema has {len(found)} operations named {operation_id}"
        return found[0]

    def bearer_schemes(self) -> set[str]:
        schemes = self.document.get("components", {}).get("securitySchemes", {})
        return {
            name
            for name, scheme in schemes.items()
            if scheme.get("type") == "http" and scheme.get("scheme", "").lower() == "bearer"
        }

    def needs_bearer(self, operation: Operation) -> bool:
        named = {name for requirement in operation.spec.get("security", []) for name in requirement}
        return bool(named & self.bearer_schemes())

    def check(self, where: str, instance: Any) -> None:
        """``instance`` against the schema at the JSON pointer ``where`` of the document."""
        validator = Draft202012Validator(
            {"$ref": f"{DOCUMENT}#{where}"},
            registry=self.registry,
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )
        problems = [
            f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(instance)
        ]
        assert not problems, f"{where}: {problems}"

    def conform(self, operation: Operation, response: Any) -> Any:
        """The answer's body, once held to what the schema declares for its status."""
        status = response.status_code
        name = operation.operation_id
        declared = operation.spec["responses"]
        assert str(status) in declared, (
            f"{name} answered {status}, not declared: {sorted(declared)}"
        )
        self.met.add((name, status))
        content_type = response["Content-Type"].split(";")[0].strip()
        content = declared[str(status)].get("content", {})
        assert content_type in content, f"{name} {status}: {content_type} is not declared"
        if content_type == "image/png":
            assert response.content.startswith(PNG_SIGNATURE), f"{name}: not a PNG"
            return response.content
        body = json.loads(response.content)
        where = pointer(
            "paths", operation.path, operation.method.lower(), "responses", str(status)
        ) + pointer("content", content_type, "schema")
        self.check(where, body)
        return body


class Program:
    """A client of the API that knows it only from the schema, with one token."""

    def __init__(self, published: Published, secret: str | None) -> None:
        self.published = published
        self.secret = secret
        self.client = Client()

    def call(
        self,
        operation_id: str,
        query: dict[str, Any] | None = None,
        body: Any = None,
        raw: bytes | None = None,
        **path_values: Any,
    ) -> tuple[int, Any]:
        """Ask one operation; its status and its body, held to the schema.

        ``raw`` sends bytes as the body unchecked (a malformed request on purpose)."""
        operation = self.published.operation(operation_id)
        url = self.url(operation, path_values, query or {})
        headers = {}
        if self.secret and self.published.needs_bearer(operation):
            headers["Authorization"] = f"Bearer {self.secret}"
        if operation.method == "GET":
            response = self.client.get(url, headers=headers)
        else:
            sent = raw if raw is not None else self.body_for(operation, body)
            response = self.client.post(url, sent, content_type="application/json", headers=headers)
        return response.status_code, self.published.conform(operation, response)

    def url(self, operation: Operation, values: dict[str, Any], query: dict[str, Any]) -> str:
        parameters = operation.spec.get("parameters", [])
        path = operation.path
        for parameter in (p for p in parameters if p["in"] == "path"):
            assert parameter["name"] in values, f"{parameter['name']} is required"
            path = path.replace(
                "{" + parameter["name"] + "}", quote(str(values.pop(parameter["name"])))
            )
        assert not values, f"{operation.operation_id} declares no path parameters {values}"
        asked = {p["name"] for p in parameters if p["in"] == "query"}
        assert set(query) <= asked, f"{operation.operation_id} declares no query {set(query)}"
        return f"{path}?{urlencode(query)}" if query else path

    def body_for(self, operation: Operation, body: Any) -> bytes:
        """The body as JSON, once valid against the operation's declared request body."""
        declared = operation.spec.get("requestBody")
        if declared is None:
            assert body is None, f"{operation.operation_id} takes no body"
            return b""
        assert "application/json" in declared["content"], operation.operation_id
        where = pointer("paths", operation.path, operation.method.lower(), "requestBody")
        self.published.check(where + pointer("content", "application/json", "schema"), body)
        return json.dumps(body).encode()
