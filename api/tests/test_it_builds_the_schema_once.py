"""The OpenAPI document is built once and served again: the same bytes,
whoever asks, without ninja building it afresh."""

from __future__ import annotations

from unittest import mock

from django.test import Client
from ninja.openapi import schema as ninja_schema

from api.routes import api


def test_the_second_request_serves_the_first_document_unbuilt(db):
    first = Client().get("/api/v1/openapi.json")
    with mock.patch.object(ninja_schema, "OpenAPISchema", side_effect=AssertionError) as built:
        again = Client().get("/api/v1/openapi.json")
    assert built.call_count == 0
    assert again.status_code == first.status_code == 200
    assert again.content == first.content


def test_a_document_for_another_prefix_is_built_for_it(db):
    served = api.get_openapi_schema(path_prefix="/api/v1/")
    elsewhere = api.get_openapi_schema(path_prefix="/elsewhere/")
    assert "/elsewhere/games" in elsewhere["paths"]
    assert "/elsewhere/games" not in served["paths"]


def test_the_kept_bytes_are_what_ninjas_own_view_answers(db, rf):
    from ninja.openapi.views import openapi_json

    served = Client().get("/api/v1/openapi.json")
    with mock.patch("ninja.openapi.views.Response.__init__", side_effect=AssertionError):
        again = Client().get("/api/v1/openapi.json")  # written out before: not again
    ninjas = openapi_json(rf.get("/api/v1/openapi.json"), api)
    assert served.content == again.content == ninjas.content
    assert served["Content-Type"] == again["Content-Type"] == ninjas["Content-Type"]
