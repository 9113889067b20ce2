"""A program written against the published schema alone plays a whole turn (issue 32).

It fetches the schema from where docs/api.md says it is served, checks that it
is valid OpenAPI, and then plays: a player's reads, orders, ready, press and
votes, and the game master's console, each operation found by its
operationId, each request built from the declared parameters and body, and
every answer (successes and refusals alike) held to the schema declared for
its status (api/tests/published.py). A status the API gives that the schema
does not declare for that operation fails, as does a body that does not match.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from openapi_spec_validator import validate

from api.tests.published import DOCS, Program, Published, fetch, schema_url
from api.tokens import create_api_token
from fogdip.settings import env_rate
from games import gateway
from games.tests.web.conftest import client_for
from tests.fuzz.api import api_routes

REFUSALS = {400, 401, 403, 404, 409, 422, 429}


@pytest.fixture
def published(db: None) -> Published:
    document = fetch()
    validate(document)  # raises, naming the fault, if it is not valid OpenAPI
    return Published(document)


def program(published: Published, user: Any, scope: str = "play") -> Program:
    return Program(published, create_api_token(user, "from the schema", scope).secret)


def test_the_schema_is_valid_openapi_and_needs_no_token(published: Published) -> None:
    assert published.document["openapi"].startswith("3.")
    assert schema_url() == "/api/v1/openapi.json"


def test_every_route_requires_the_described_bearer_token(published: Published) -> None:
    [scheme] = published.bearer_schemes()
    described = published.document["components"]["securitySchemes"][scheme]
    assert "Authorization: Bearer" in described["description"]
    assert described["bearerFormat"]
    operations = published.operations()
    assert len(operations) == len(api_routes())  # every route but the schema itself
    unguarded = [op.operation_id for op in operations if not published.needs_bearer(op)]
    assert not unguarded


def test_every_operation_declares_its_refusals_with_a_body_that_names_the_problem(
    published: Published,
) -> None:
    for operation in published.operations():
        responses = operation.spec["responses"]
        assert {"200", "400", "401", "429"} <= set(responses), operation.operation_id
        for status in set(responses) & {str(code) for code in REFUSALS}:
            answer = responses[status]
            assert answer["description"] not in ("", "Unknown Status Code")
            schema = answer["content"]["application/json"]["schema"]
            named = schema["$ref"].rsplit("/", 1)[-1]
            required = published.document["components"]["schemas"][named]["required"]
            assert required == ["detail"], (operation.operation_id, status)
        if "requestBody" in operation.spec:
            assert {"400", "422"} <= set(responses), operation.operation_id


def test_the_docs_route_table_is_the_schema(published: Published) -> None:
    """docs/api.md's table lists the operations the schema has, no more, no fewer."""
    documented = set()
    rows = [line for line in DOCS.read_text().splitlines() if line.startswith("| `")]
    for line in rows:
        for method, path in re.findall(r"`(GET|POST) (/[^`]+)`", line):
            full = "/api/v1" + path.replace("{id}", "{game_id}")
            documented.add((method, full))
            for sibling in re.findall(r"`\.\.\./([\w-]+)`", line):
                documented.add((method, full.rsplit("/", 1)[0] + "/" + sibling))
    served = {(op.method, op.path) for op in published.operations()}
    assert documented == served


def test_it_plays_a_whole_turn_from_the_schema(
    published: Published,
    people: Any,
    fog_game: Any,
    eager_celery: None,
    django_capture_on_commit_callbacks: Any,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    france = program(published, people.player)
    germany = program(published, people.other)
    master = program(published, people.gm)

    game_id, phase = reads_my_game(france, fog_game.pk)
    orders_and_ready(france, published, people, game_id, phase)
    press_and_votes(france, germany, game_id)
    console(master, france, game_id, phase, django_capture_on_commit_callbacks)
    reads_after_the_turn(france, game_id, phase)
    failed_and_retried(master, game_id, monkeypatch, django_capture_on_commit_callbacks)
    ends_the_game(master, france, program(published, people.stranger), game_id)
    tokens_signed_out(program(published, people.player, scope="read"))
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": env_rate("NO_SUCH_VAR", "2/m")}
    # The limit counts per person: someone who has not called yet this minute.
    rate_limited(program(published, people.observer), game_id)

    called = {name for name, status in published.met if status == 200}
    never = {op.operation_id for op in published.operations()} - called
    assert not never, f"operations the program never used: {sorted(never)}"
    refused = {status for _, status in published.met if status >= 400}
    assert refused == REFUSALS


def reads_my_game(france: Program, expected_id: int) -> tuple[int, str]:
    """My games, the game's settings and schedule, my records and my map."""
    status, no_token = Program(france.published, None).call("my_games")
    assert status == 401 and "Authorization: Bearer" in no_token["detail"]
    status, games = france.call("my_games")
    [mine] = games
    assert (status, mine["id"], mine["power"]) == (200, expected_id, "FRANCE")
    game_id = mine["id"]
    status, detail = france.call("game_detail", game_id=game_id)
    assert status == 200 and detail["phase"]["deadline"]
    assert france.call("game_detail", game_id=game_id + 1000)[0] == 404
    status, records = france.call("my_records", game_id=game_id)
    assert status == 200 and records
    status, record = france.call("my_current_record", game_id=game_id)
    assert (status, record["power"]) == (200, "FRANCE")
    past = records[-1]["ordinal"]
    assert france.call("my_record_at", game_id=game_id, ordinal=past)[0] == 200
    assert france.call("my_record_at", game_id=game_id, ordinal=past + 99)[0] == 404
    status, picture = france.call("my_map", game_id=game_id)
    assert status == 200 and picture
    return game_id, detail["phase"]["name"]


def orders_and_ready(
    france: Program, published: Published, people: Any, game_id: int, phase: str
) -> None:
    status, options = france.call("my_options", game_id=game_id)
    offered = {choice["order"] for unit in options["units"] for choice in unit["orders"]}
    assert status == 200 and "A PAR - BUR" in offered
    status, lines = france.call("check_orders", game_id=game_id, body={"text": "A Par - Bur"})
    assert (status, lines[0]["ok"]) == (200, True)
    bad = {"phase": phase, "orders": ["A Par - Munchen"]}
    status, refused = france.call("submit_orders", game_id=game_id, body=bad)
    # The docs' example refusal, word for word.
    assert refused["detail"] == "1 order line(s) could not be used; nothing was saved."
    assert status == 400 and "Munchen" in refused["lines"][0]["error"]
    stale = {"phase": "F1905M", "orders": ["A Par - Bur"]}
    status, moved_on = france.call("submit_orders", game_id=game_id, body=stale)
    assert status == 409 and "moved on" in moved_on["detail"]
    status, malformed = france.call("submit_orders", game_id=game_id, raw=b'{"orders": []}')
    assert status == 422 and malformed["detail"][0]["loc"][-1] == "phase"
    status, unread = france.call("submit_orders", game_id=game_id, raw=b"{not json")
    assert status == 400 and unread["detail"]
    reader = program(published, people.player, scope="read")
    good = {"phase": phase, "orders": ["A Par - Bur", "A Mar - Spa", "F Bre - Mao"]}
    assert reader.call("submit_orders", game_id=game_id, body=good)[0] == 403
    status, saved = france.call("submit_orders", game_id=game_id, body=good)
    assert (status, saved["phase"], saved["saved"], saved["lines"]) == (200, phase, True, [])
    assert saved["orders"] == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
    assert france.call("set_ready", game_id=game_id, body={"phase": phase})[0] == 200
    # Read back, as a second device would: what was saved, and the ready flag.
    status, sheet = reader.call("my_orders", game_id=game_id)
    assert (status, sheet["orders"], sheet["ready"]) == (200, saved["orders"], True)


def tokens_signed_out(phone: Program) -> None:
    """A program lists its person's tokens, finds its own, and revokes it: signed out."""
    status, tokens = phone.call("my_tokens")
    [mine] = [token for token in tokens if token["this_token"]]
    assert status == 200 and mine["scope"] == "read"
    assert phone.call("revoke_my_token", body={"token_id": mine["token_id"]})[0] == 200
    assert phone.call("my_tokens")[0] == 401


def press_and_votes(france: Program, germany: Program, game_id: int) -> None:
    sent = {"recipients": ["GERMANY"], "body": "Shall we?"}
    assert france.call("send_press", game_id=game_id, body=sent)[0] == 200
    status, missing = france.call("send_press", game_id=game_id, raw=b'{"body": "Hi"}')
    # The docs' example: the field named with where it was looked for.
    assert status == 422 and missing["detail"][0]["loc"] == ["body", "body", "recipients"]
    assert missing["detail"][0]["msg"] == "Field required"
    status, read = germany.call("my_press", game_id=game_id, query={"page": 1})
    assert status == 200 and read["messages"][0]["body"] == "Shall we?"
    status, wrong = germany.call("my_press", game_id=game_id, query={"page": "first"})
    assert status == 422 and wrong["detail"][0]["loc"][-1] == "page"
    status, none_open = france.call("vote", game_id=game_id, body={"yes": True})
    assert status == 409 and none_open["detail"]
    assert france.call("propose", game_id=game_id, body={"kind": "draw"})[0] == 200
    status, vote = germany.call("my_vote", game_id=game_id)
    assert status == 200 and vote["can_vote"]
    assert germany.call("vote", game_id=game_id, body={"yes": False})[0] == 200


def console(master: Program, france: Program, game_id: int, phase: str, on_commit: Any) -> None:
    """The game master's console actions, each answered as the schema says."""
    assert france.call("game_log", game_id=game_id)[0] == 403
    status, log = master.call("game_log", game_id=game_id)
    assert status == 200 and log
    assert master.call("extend", game_id=game_id, body={"minutes": 60})[0] == 200
    status, deadline = master.call("game_detail", game_id=game_id)
    later = {"deadline": deadline["phase"]["deadline"]}
    assert master.call("set_deadline", game_id=game_id, body=later)[0] == 200
    assert master.call("pause", game_id=game_id)[0] == 200
    assert master.call("pause", game_id=game_id)[0] == 409
    assert master.call("resume", game_id=game_id)[0] == 200
    orders = {"power": "GERMANY", "phase": phase, "orders": ["A Mun - Ruh"]}
    assert master.call("orders_for_power", game_id=game_id, body=orders)[0] == 200
    message = {"recipients": ["EVERYONE"], "body": "Play on."}
    assert master.call("game_master_press", game_id=game_id, body=message)[0] == 200
    status, nowhere = master.call("open_seat", game_id=game_id, body={"power": "Atlantis"})
    assert status == 400 and "Atlantis" in nowhere["detail"]
    assert master.call("care_for_seat", game_id=game_id, body={"power": "ITALY"})[0] == 200
    assert master.call("retry", game_id=game_id)[0] == 409
    with on_commit(execute=True):
        assert master.call("process_now", game_id=game_id, body={"phase": phase})[0] == 200
    assert master.call("open_seat", game_id=game_id, body={"power": "GERMANY"})[0] == 200


def reads_after_the_turn(france: Program, game_id: int, phase: str) -> None:
    """The turn was adjudicated: a new phase, and the last one among my past records."""
    status, detail = france.call("game_detail", game_id=game_id)
    assert status == 200 and detail["phase"]["name"] != phase
    status, records = france.call("my_records", game_id=game_id)
    [told] = [entry for entry in records if entry["phase"] == phase]
    status, record = france.call("my_record_at", game_id=game_id, ordinal=told["ordinal"])
    assert (status, record["phase"]) == (200, phase)
    late = {"phase": phase, "orders": ["A Bur - Mun"]}
    assert france.call("submit_orders", game_id=game_id, body=late)[0] == 409


def failed_and_retried(
    master: Program, game_id: int, monkeypatch: pytest.MonkeyPatch, on_commit: Any
) -> None:
    """The next phase's adjudication fails; the game master has it adjudicated again."""
    phase = master.call("game_detail", game_id=game_id)[1]["phase"]["name"]
    with monkeypatch.context() as patch, on_commit(execute=True):
        patch.setattr(gateway, "run_phase", broken)
        assert master.call("process_now", game_id=game_id, body={"phase": phase})[0] == 200
    status, detail = master.call("game_detail", game_id=game_id)
    assert (status, detail["phase"]["status"]) == (200, "failed")
    with on_commit(execute=True):
        assert master.call("retry", game_id=game_id)[0] == 200


def broken(*args: Any, **kwargs: Any) -> None:
    raise gateway.EngineError("the resolver fell over")


def ends_the_game(master: Program, france: Program, stranger: Program, game_id: int) -> None:
    done = {"result": "Ended from the schema"}
    assert france.call("end", game_id=game_id, body=done)[0] == 403
    assert stranger.call("end", game_id=game_id, body=done)[0] == 404
    assert master.call("end", game_id=game_id, body=done)[0] == 200
    assert master.call("end", game_id=game_id, body=done)[0] == 409
    standing_after_the_end(france)


def standing_after_the_end(france: Program) -> None:
    """The game over, its players' standing: France's page and the ranking."""
    status, page = france.call("player", username="france")
    assert status == 200 and page["figures"]["finished"] == 1
    status, ranked = france.call("ranking")
    assert status == 200 and "france" in {row["username"] for row in ranked}


def rate_limited(fresh: Program, game_id: int) -> None:
    answers = [fresh.call("my_games")[0] for _ in range(3)]
    assert answers == [200, 200, 429]


def test_a_session_opens_nothing_and_the_refusal_is_declared(
    published: Published, people: Any
) -> None:
    answer = client_for(people.player).get("/api/v1/games")
    published.conform(published.operation("my_games"), answer)
    assert answer.status_code == 401
