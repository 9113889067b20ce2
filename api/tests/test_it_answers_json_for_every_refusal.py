"""Under /api/ every refusal is JSON, not only a route's own (common/problems.py):
an unknown path (404), a wrong method (405), a body over the size limit (413)
and a server error (500) answered HTML pages. A body over the limit is a 413
everywhere, answered before it is read (it was an HTML 400, or a 500)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from api.tests.conftest import api_for
from games import access

OVER_LIMIT = 2_621_440 + 1  # one byte over Django's DATA_UPLOAD_MAX_MEMORY_SIZE


def problem(answer, status: int) -> str:
    assert answer.status_code == status, answer.content[:200]
    assert answer["Content-Type"].startswith("application/json"), answer["Content-Type"]
    detail = json.loads(answer.content)["detail"]
    assert isinstance(detail, str) and detail
    return detail


def test_an_unknown_path_is_a_json_404(people, fog_game):
    api = api_for(people.player)
    for path in ("/nope", f"/games/{fog_game.pk}/nope", f"/games/{fog_game.pk}/records/1/x"):
        problem(api.get(path), 404)
    problem(Client().get("/api/v2/games"), 404)


def test_a_wrong_method_is_a_json_405_that_says_what_is_allowed(people, fog_game):
    api = api_for(people.player)
    answer = api.client.delete(f"/api/v1/games/{fog_game.pk}", headers=api.headers)
    problem(answer, 405)
    assert answer["Allow"] == "GET"


def test_a_body_over_the_limit_is_a_json_413(people, fog_game):
    api = api_for(people.player)
    body = json.dumps({"phase": "S1901M", "orders": ["A Par - Bur"] * 200_000})
    assert len(body) >= OVER_LIMIT
    path = f"/api/v1/games/{fog_game.pk}/orders"
    answer = api.client.post(path, body, content_type="application/json", headers=api.headers)
    assert "KB" in problem(answer, 413)


def test_a_multipart_body_found_too_large_while_reading_is_a_413(people, fog_game):
    """A multipart body is left to Django's own count (a mail provider's files
    are not counted): what it finds too large is a 413 too."""
    api = api_for(people.player)
    path = f"/api/v1/games/{fog_game.pk}/orders"
    answer = api.client.post(path, {"orders": "x" * OVER_LIMIT}, headers=api.headers)
    problem(answer, 413)


@pytest.mark.parametrize(
    "content_type", ["multipart/form-data", "application/x-www-form-urlencoded"]
)
def test_a_body_over_the_limit_is_a_413_page_on_the_site(people, fog_game, content_type):
    url = reverse("game_orders", args=[fog_game.pk])
    client = people.client("player")
    if content_type.startswith("multipart"):
        page = client.post(url, {"typed": "x" * OVER_LIMIT})
    else:
        page = client.post(url, "typed=" + "x" * OVER_LIMIT, content_type=content_type)
    assert page.status_code == 413
    assert page["Content-Type"].startswith("text/html")
    assert "Too large" in page.content.decode()


def test_a_server_error_is_a_json_500(people, fog_game, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(access, "access_vote", broken)
    api = api_for(people.player)
    api.client.raise_request_exception = False
    detail = problem(api.get(f"/games/{fog_game.pk}/vote"), 500)
    assert "a bug" not in detail


@pytest.mark.parametrize("path", ["/nope/", "/games/0/nope/"])
def test_the_site_still_answers_its_own_404_page(people, path):
    page = people.client("player").get(path)
    assert page.status_code == 404
    assert page["Content-Type"].startswith("text/html")
