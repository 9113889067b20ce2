"""ETags and 304s, cache lifetimes, rate-limit headers, no Vary: Cookie, and CORS."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from api.tests.conftest import api_for
from api.tests.published import Published, fetch
from fogdip.env import Rate
from games import actions


def again(api: Any, path: str, tag: str) -> Any:
    return api.client.get(f"/api/v1{path}", headers={**api.headers, "If-None-Match": tag})


@pytest.mark.parametrize("route", ["record", "records/0", "map", "press", "orders", "options"])
def test_an_unchanged_answer_is_a_bodiless_304(people, fog_game, route):
    api = api_for(people.player)
    first = api.get(f"/games/{fog_game.pk}/{route}")
    assert first.status_code == 200 and first["ETag"].startswith('"')
    answer = again(api, f"/games/{fog_game.pk}/{route}", first["ETag"])
    assert (answer.status_code, answer.content) == (304, b"")
    assert answer["ETag"] == first["ETag"]


def test_a_changed_answer_has_a_new_tag(people, fog_game):
    api = api_for(people.player)
    first = api.get(f"/games/{fog_game.pk}/press")
    actions.send_press(fog_game, people.other, "GERMANY", ["FRANCE"], "Hello", "GERMANY")
    answer = again(api, f"/games/{fog_game.pk}/press", first["ETag"])
    assert answer.status_code == 200 and answer["ETag"] != first["ETag"]
    assert answer.json()["messages"]


def test_a_stale_or_foreign_tag_gets_the_whole_answer(people, fog_game):
    api = api_for(people.player)
    answer = again(api, f"/games/{fog_game.pk}/record", '"not-it", W/"nor-this"')
    assert answer.status_code == 200 and answer.json()["power"] == "FRANCE"


def test_a_past_record_is_kept_for_a_year_the_current_one_never(people, fog_game):
    api = api_for(people.player)
    past = api.get(f"/games/{fog_game.pk}/records/0")
    assert past["Cache-Control"] == "private, max-age=31536000, immutable"
    current = api.get(f"/games/{fog_game.pk}/record")
    assert "no-store" in current["Cache-Control"] and "private" in current["Cache-Control"]


def test_every_answer_says_where_the_rate_limit_stands(people, fog_game, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": Rate(2, 60)}
    api = api_for(people.player)
    answers = [api.get("/games") for _ in range(3)]
    assert [a["RateLimit-Remaining"] for a in answers] == ["1", "0", "0"]
    assert {a["RateLimit-Limit"] for a in answers} == {"2"}
    assert all(1 <= int(a["RateLimit-Reset"]) <= 60 for a in answers)
    assert answers[2].status_code == 429 and int(answers[2]["Retry-After"]) >= 1


def test_a_token_answer_never_varies_on_a_cookie(people, fog_game):
    api = api_for(people.player)
    api.client.force_login(people.player)  # a browser that is signed in too
    answer = api.get(f"/games/{fog_game.pk}/record")
    varies = [part.strip().lower() for part in answer["Vary"].split(",")]
    assert "cookie" not in varies and "authorization" in varies


def test_any_origin_may_call_with_a_token_but_never_with_credentials(people, fog_game):
    api = api_for(people.player)
    answer = api.client.get(
        "/api/v1/games", headers={**api.headers, "Origin": "https://elsewhere.example"}
    )
    assert answer.status_code == 200
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in answer
    assert "ETag" in answer["Access-Control-Expose-Headers"]


def test_a_preflight_is_answered_before_any_route(db):
    answer = Client().options(
        "/api/v1/games/1/orders",
        headers={
            "Origin": "https://elsewhere.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )
    assert answer.status_code == 204
    assert answer["Access-Control-Allow-Origin"] == "*"
    assert "Authorization" in answer["Access-Control-Allow-Headers"]
    assert "POST" in answer["Access-Control-Allow-Methods"]


def test_the_sites_pages_get_none_of_it(people, client):
    answer = client.get("/", headers={"Origin": "https://elsewhere.example"})
    assert "Access-Control-Allow-Origin" not in answer and "ETag" not in answer


def test_the_schema_declares_the_tags_the_304_and_the_rate_headers(db):
    published = Published(fetch())
    for operation in published.operations():
        answers = operation.spec["responses"]
        assert "RateLimit-Remaining" in answers["200"]["headers"], operation.operation_id
        if operation.method == "GET":
            assert "ETag" in answers["200"]["headers"] and "304" in answers
            named = {parameter["name"] for parameter in operation.spec["parameters"]}
            assert "If-None-Match" in named
