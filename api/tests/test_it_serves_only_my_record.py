"""The API reads the viewer's own knowledge record, the one the pages use."""

from api.tests.conftest import api_for
from games import access


def test_my_current_record_is_my_powers_record(people, fog_game):
    answer = api_for(people.player, scope="read").get(f"/games/{fog_game.pk}/record")
    assert answer.status_code == 200
    viewer = access.access_game(people.player, fog_game.pk)
    assert answer.json() == access.access_current_record(viewer)
    assert answer.json()["power"] == "FRANCE"


def test_the_record_list_names_each_phase(people, fog_game):
    answer = api_for(people.player).get(f"/games/{fog_game.pk}/records")
    assert answer.json() == [{"ordinal": 0, "phase": "SETUP"}]
    again = api_for(people.player).get(f"/games/{fog_game.pk}/records/0")
    assert again.json()["phase"] == "SETUP"


def test_my_map_is_a_picture(people, fog_game):
    answer = api_for(people.player).get(f"/games/{fog_game.pk}/map")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "image/png"


def test_the_schema_is_served(db):
    from django.test import Client

    schema = Client().get("/api/v1/openapi.json").json()
    assert "/api/v1/games/{game_id}/orders" in schema["paths"]
    assert schema["components"]["securitySchemes"]


def test_the_schema_names_every_route_with_its_bearer_security(db):
    from django.test import Client

    from tests.fuzz.api import api_routes

    schema = Client().get("/api/v1/openapi.json").json()
    documented = set(schema["paths"])
    for route in api_routes():
        path = "/" + route.route.replace("<game_id>", "{game_id}").replace("<ordinal>", "{ordinal}")
        path = path.replace("<username>", "{username}")
        assert path in documented, path
        for operation in schema["paths"][path].values():
            assert operation["security"], path
