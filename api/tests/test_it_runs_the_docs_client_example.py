"""docs/examples/schema_client.py, the client docs/api.md shows, run over HTTP:
it plays a whole turn from the schema alone, reads its sheet back, and holds
every answer to the schema declared for its status."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from api.tokens import create_api_token

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "schema_client.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("schema_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_plays_a_whole_turn_over_http(
    people: Any, fog_game: Any, live_server: Any, eager_celery: None, capsys: Any
) -> None:
    client_module = example()
    secret = create_api_token(people.player, "example", "play").secret
    france = client_module.SchemaClient(live_server.url, secret)
    first = client_module.play_a_turn(france, fog_game.pk)
    assert first["phase"] == "S1901M" and first["record"] == "SETUP"
    assert sorted(first["orders"]) == ["A MAR H", "A PAR H", "F BRE H"]

    master = client_module.SchemaClient(
        live_server.url, create_api_token(people.gm, "example", "play").secret
    )
    status, done = master.call("process_now", body={"phase": "S1901M"}, game_id=fog_game.pk)
    assert status == 200, done

    assert client_module.main([live_server.url, secret, str(fog_game.pk)]) == 0
    second = json.loads(capsys.readouterr().out)
    # Every retreat phase is played, dislodged units or not: the fog keeps it so.
    assert (second["phase"], second["record"], second["orders"]) == ("S1901R", "S1901M", [])


def test_the_example_refuses_an_answer_off_its_schema(
    people: Any, fog_game: Any, live_server: Any
) -> None:
    """Its check is real: a record with a key the schema does not know fails it."""
    client_module = example()
    secret = create_api_token(people.player, "example", "read").secret
    france = client_module.SchemaClient(live_server.url, secret)
    template = "/api/v1/games/{game_id}/record"
    with pytest.raises(RuntimeError, match="spies"):
        france.check(template, "GET", 200, {"spies": []})
