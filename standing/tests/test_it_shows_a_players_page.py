"""A player's page and the ranking: the figures, the games, the choice to hide."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from standing.tests.played import play, player, solo, start

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_of(client: Client, user) -> str:
    response = client.get(reverse("player", args=[user.username]))
    assert response.status_code == 200
    return response.content.decode()


def test_it_shows_the_figures_and_the_games():
    game, _, players = start()
    play(game, silent=("TURKEY",))
    text = page_of(signed_in(player("reader")), players["TURKEY"])
    assert "1 of 1" in text and "0.0%" in text
    assert reverse("game", args=[game.pk]) in text  # a full-information game, listed live
    solo(game, "FRANCE")
    text = page_of(signed_in(player("reader")), players["FRANCE"])
    assert "Won" in text and 'id="finished-games"' in text


@pytest.mark.parametrize(("preset", "anonymous"), [("standard", True), ("dc2005", False)])
def test_it_never_links_a_player_to_a_running_fog_or_anonymous_game(preset, anonymous):
    game, master, players = start(preset, anonymous=anonymous)
    play(game, silent=("TURKEY",))
    game_link = reverse("game", args=[game.pk])
    text = page_of(signed_in(player("reader")), players["TURKEY"])
    assert game_link not in text and "no deadline yet" in text
    actions.end_game(game, master)
    assert game_link in page_of(signed_in(player("reader")), players["TURKEY"])


def test_it_hides_a_page_from_those_who_never_played_with_the_player():
    game, _, players = start()
    owner = signed_in(players["ITALY"])
    owner.post(reverse("player_hide_page"), {"hidden": "on"})
    assert "shows their page only" in page_of(signed_in(player("stranger")), players["ITALY"])
    assert "shows their page only" not in page_of(signed_in(players["FRANCE"]), players["ITALY"])
    assert "Record" in page_of(owner, players["ITALY"])
    solo(game, "FRANCE")
    ranking = signed_in(player("stranger")).get(reverse("ranking")).content.decode()
    assert "france" in ranking and "italy" not in ranking


def test_it_ranks_the_winner_first():
    game, _, _ = start()
    solo(game, "GERMANY")
    text = signed_in(player("reader")).get(reverse("ranking")).content.decode()
    assert text.index(">germany<") < text.index(">england<")


def test_it_refuses_a_stranger_signed_out():
    _, _, players = start()
    response = Client().get(reverse("player", args=[players["ITALY"].username]))
    assert response.status_code == 302
    assert signed_in(player("reader")).get(reverse("player", args=["nobody"])).status_code == 404
