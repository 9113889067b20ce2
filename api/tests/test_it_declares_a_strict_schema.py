"""The schema names what a program may meet: the record's keys, the enums,
the server, and the refusal a non-integer id gets on every route."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from api.tests.conftest import api_for
from api.tests.published import Published, fetch, pointer
from games.models import Game, Phase, Preset, PressMode

RECORDS = Path(__file__).resolve().parents[2] / "tests" / "maps" / "records"
RECORD = pointer("components", "schemas", "KnowledgeRecordOut")


@pytest.fixture(scope="module")
def published(django_db_blocker: Any) -> Published:
    with django_db_blocker.unblock():
        return Published(fetch())


def schemas(published: Published) -> dict[str, Any]:
    found: dict[str, Any] = published.document["components"]["schemas"]
    return found


def test_the_server_is_the_sites_own_address(published: Published, settings: Any) -> None:
    [server] = published.document["servers"]
    assert server["url"] == settings.SITE_URL.rstrip("/")


def test_the_record_is_typed_with_every_documented_key(published: Published) -> None:
    record = schemas(published)["KnowledgeRecordOut"]
    documented = {"preset", "power", "phase", "sees", "units", "centers", "ghosts"}
    documented |= {"dislodged", "orders", "lines", "messages"}
    assert set(record["required"]) == documented
    assert record["additionalProperties"] is False
    for operation in ("my_current_record", "my_record_at"):
        answer = published.operation(operation).spec["responses"]["200"]
        ref = answer["content"]["application/json"]["schema"]["$ref"]
        assert ref.endswith("/KnowledgeRecordOut")


@pytest.mark.parametrize("name", sorted(path.name for path in RECORDS.glob("*.json")))
def test_stored_records_meet_it(published: Published, name: str) -> None:
    published.check(RECORD, json.loads((RECORDS / name).read_text()))


@pytest.mark.parametrize(
    "change",
    [
        {"spies": []},
        {"units": {"GERMANY": ["A BERLIN"]}},
        {"phase": "Spring"},
        {"orders": [{"power": "GERMANY", "unit": "A", "from": "MUN", "kind": "jump"}]},
    ],
)
def test_a_record_off_its_shape_fails_it(published: Published, change: dict[str, Any]) -> None:
    record = {**json.loads((RECORDS / "germany_f1901m.json").read_text()), **change}
    with pytest.raises(AssertionError):
        published.check(RECORD, record)


def test_settings_are_declared_as_enums(published: Published) -> None:
    found = schemas(published)
    assert found["Preset"]["enum"] == Preset.values
    assert found["PressMode"]["enum"] == PressMode.values
    game = found["GameOut"]["properties"]
    assert _enum(published, game["status"]) == Game.Status.values
    assert _enum(published, found["PhaseOut"]["properties"]["status"]) == Phase.Status.values
    assert _enum(published, found["PhaseOut"]["properties"]["kind"]) == ["M", "R", "A"]
    assert "FRANCE" in _enum(published, game["power"]["anyOf"][0])
    assert _enum(published, game["role"]) == ["game master", "player", "observer"]


def _enum(published: Published, schema: dict[str, Any]) -> list[str]:
    if "$ref" in schema:
        schema = schemas(published)[schema["$ref"].rsplit("/", 1)[-1]]
    return list(schema["enum"])


@pytest.mark.django_db
def test_the_game_master_has_no_power_null_not_empty(people: Any, fog_game: Any) -> None:
    [game] = api_for(people.gm).get("/games").json()
    assert game["power"] is None and game["role"] == "game master"


@pytest.mark.django_db
def test_a_non_integer_id_is_a_declared_json_refusal_on_every_route(
    published: Published, people: Any, fog_game: Any
) -> None:
    headers = api_for(people.player).headers
    wrong = {}
    for operation in published.operations():
        if "{game_id}" not in operation.path:
            continue
        url = operation.path.replace("{game_id}", "x").replace("{ordinal}", "1")
        client = Client()
        if operation.method == "GET":
            answer = client.get(url, headers=headers)
        else:
            answer = client.post(url, {}, content_type="application/json", headers=headers)
        if answer.status_code != 422:
            wrong[operation.operation_id] = answer.status_code
            continue
        body = published.conform(operation, answer)
        assert body["detail"][0]["loc"] == ["path", "game_id"]
    assert not wrong, wrong


@pytest.mark.django_db
def test_no_vote_open_is_null_not_empty(people: Any, fog_game: Any) -> None:
    vote = api_for(people.player).get(f"/games/{fog_game.pk}/vote").json()
    assert vote["open_proposal"] is None and vote["last_outcome"] is None
