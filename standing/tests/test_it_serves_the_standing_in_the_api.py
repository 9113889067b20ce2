"""The API's read-only standing: a player's page and the ranking, as the web shows them."""

from __future__ import annotations

import pytest
from django.test import Client

from api.tokens import create_api_token
from games import actions
from standing.tests.played import play, player, start

pytestmark = pytest.mark.django_db


def program(user) -> Client:
    secret = create_api_token(user, "standing", "read").secret
    return Client(headers={"Authorization": f"Bearer {secret}"})


def test_it_shows_a_fog_games_facts_only_after_its_end():
    game, master, players = start("dc2005")
    play(game, silent=("TURKEY",))
    reader = program(player("reader"))
    running = reader.get("/api/v1/players/turkey").json()
    assert running["figures"]["missed"] == 0 and running["playing"] == []
    assert reader.get("/api/v1/ranking").json() == []
    actions.end_game(game, master)
    ended = reader.get("/api/v1/players/turkey").json()
    assert ended["figures"]["missed"] == 1
    assert [row["game_id"] for row in ended["finished"]] == [game.pk]
    ranked = reader.get("/api/v1/ranking").json()
    assert {row["username"] for row in ranked} == {p.username for p in players.values()}


def test_it_hides_the_figures_of_a_hidden_page():
    start()
    owner = Client()
    owner.force_login(player("italy"))
    owner.post("/my-page/", {"hidden": "on"})
    answer = program(player("stranger")).get("/api/v1/players/italy").json()
    assert answer["shown"] is False and answer["figures"] is None
