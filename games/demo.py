"""The demo game `make run` shows: a game under way, every demo player seated.

Created once: running the seed again finds the game by name and leaves it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import actions
from games.models import Game, Preset

DEMO_GAME_NAME = "Demo: fog over Europe"


@transaction.atomic
def create_demo_game(game_master: Any, players: list[Any]) -> Game:
    """A dc2005 fog game, Spring 1901 open with its deadline a day away."""
    existing = Game.objects.filter(name=DEMO_GAME_NAME, game_master=game_master).first()
    if existing is not None:
        return existing
    game = actions.create_game(
        game_master,
        name=DEMO_GAME_NAME,
        preset=Preset.DC2005,
        start_year=1901,
        movement_minutes=24 * 60,
        retreat_minutes=12 * 60,
        adjustment_minutes=12 * 60,
        time_zone="Europe/London",
    )
    for player, power in zip(players, game.powers, strict=False):
        actions.join(game, player, [power])
    actions.assign_powers(game, game_master, by_preference=True)
    actions.start_game(game, game_master)
    return game
