"""A FogDip client written from the published schema alone.

It fetches /api/v1/openapi.json, finds each operation by its operationId,
builds every request from the declared path, and holds every answer to the
schema declared for its status (jsonschema). One pass plays a turn for the
token's power: it reads the open phase, asks for its options, orders a hold
(the first option) for each unit, reads the sheet back, and says it is
ready. GETs are sent with the ETag of the answer already held, so an
unchanged answer costs a bodiless 304.

    pip install requests jsonschema
    python schema_client.py https://fogdip.example fogdip_... 12
"""

from __future__ import annotations

import json
import sys
from typing import Any

import requests
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

DOCUMENT = "urn:fogdip:openapi"


class SchemaClient:
    def __init__(self, server: str, token: str) -> None:
        self.server = server.rstrip("/")
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"
        self.schema = self.http.get(f"{self.server}/api/v1/openapi.json", timeout=30).json()
        resource = Resource.from_contents(self.schema, default_specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(DOCUMENT, resource)
        self.operations = {
            spec["operationId"]: (method.upper(), path, spec)
            for path, methods in self.schema["paths"].items()
            for method, spec in methods.items()
        }
        self.held: dict[str, tuple[str, Any]] = {}  # url -> (ETag, body)

    def call(self, operation_id: str, body: Any = None, **path: Any) -> tuple[int, Any]:
        """The status and the body of one operation, checked against the schema."""
        method, template, spec = self.operations[operation_id]
        url = self.server + template.format(**path)
        headers = {"If-None-Match": self.held[url][0]} if url in self.held else {}
        answer = self.http.request(method, url, json=body, headers=headers, timeout=30)
        declared = spec["responses"].get(str(answer.status_code))
        if declared is None:
            raise RuntimeError(f"{operation_id}: {answer.status_code} is not declared")
        if answer.status_code == 304:
            return 200, self.held[url][1]
        data = answer.json() if "json" in answer.headers.get("Content-Type", "") else answer.content
        if isinstance(data, bytes):
            return answer.status_code, data
        self.check(template, method, answer.status_code, data)
        if "ETag" in answer.headers:
            self.held[url] = (answer.headers["ETag"], data)
        return answer.status_code, data

    def check(self, template: str, method: str, status: int, data: Any) -> None:
        escaped = template.replace("~", "~0").replace("/", "~1")
        where = f"/paths/{escaped}/{method.lower()}/responses/{status}"
        schema = {"$ref": f"{DOCUMENT}#{where}/content/application~1json/schema"}
        validator = Draft202012Validator(schema, registry=self.registry)
        problems = [error.message for error in validator.iter_errors(data)]
        if problems:
            raise RuntimeError(f"{method} {template} {status}: {problems}")


def play_a_turn(client: SchemaClient, game_id: int) -> dict[str, Any]:
    """Order a hold for every unit of the open phase, read it back, say ready."""
    _, game = client.call("game_detail", game_id=game_id)
    phase = game["phase"]
    if phase is None or phase["status"] != "open":
        return {"phase": None}
    _, options = client.call("my_options", game_id=game_id)
    orders = [unit["orders"][0]["order"] for unit in options["units"]]
    orders += ["WAIVE"] * options["builds"]
    orders += [choice["order"] for choice in options["adjustments"][: options["removals"]]]
    body = {"phase": phase["name"], "orders": orders}
    status, saved = client.call("submit_orders", body=body, game_id=game_id)
    if status != 200:
        raise RuntimeError(f"orders refused: {saved['detail']}")
    _, sheet = client.call("my_orders", game_id=game_id)
    assert sheet["orders"] == saved["orders"], "the sheet read back is not the one saved"
    client.call("set_ready", body={"phase": phase["name"], "ready": True}, game_id=game_id)
    _, record = client.call("my_current_record", game_id=game_id)
    return {"phase": phase["name"], "orders": sheet["orders"], "record": record["phase"]}


def main(argv: list[str]) -> int:
    if len(argv) != 3 or not argv[2].isdigit():
        sys.stderr.write("usage: schema_client.py SERVER TOKEN GAME\n")
        return 2
    client = SchemaClient(argv[0], argv[1])
    sys.stdout.write(json.dumps(play_a_turn(client, int(argv[2]))) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
