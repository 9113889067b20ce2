"""The draw card comes after the map and the orders on the game page: the
board first, then the vote on ending the game."""

from __future__ import annotations

from django.urls import reverse

from games import actions
from games.models import Game
from games.tests.web.conftest import Personas


def game_page(people: Personas, game: Game) -> str:
    return people.client("player").get(reverse("game", args=[game.pk])).content.decode()


def test_the_draw_card_follows_the_map_and_the_orders(people: Personas, game: Game) -> None:
    html = game_page(people, game)
    votes = html.index('id="votes"')
    assert html.index('<figure class="map">') < votes
    assert html.index('id="orders-form"') < votes


def test_an_open_proposal_is_still_shown_below_the_map(people: Personas, game: Game) -> None:
    actions.propose_draw(game, people.player, "FRANCE")
    html = game_page(people, game)
    votes = html.index('id="votes"')
    assert html.index('<figure class="map">') < votes < html.index("Proposed: <strong>")
