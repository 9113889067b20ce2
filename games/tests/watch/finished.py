"""A fog game played for a year and then ended, for the replay tests."""

from __future__ import annotations

from typing import Any

from games import actions
from games.models import Game
from games.tasks import sweep_deadlines
from games.tests.web.conftest import Personas, forming_game, open_phase, pass_deadline, start

SPRING = {"FRANCE": ["A Par - Bur", "A Mar - Spa"], "TURKEY": ["F Ank - Bla"]}
FALL = {"FRANCE": ["A Spa - Por"], "GERMANY": ["A Mun - Ruh"]}


def play(people: Personas, game: Game, orders: dict[str, list[str]], name: str = "") -> None:
    """Pass every phase before ``name`` with no orders, then play ``orders`` in it."""
    while name and open_phase(game).name != name:
        pass_deadline(open_phase(game))
        sweep_deadlines()
    phase = open_phase(game)
    for power, given in orders.items():
        actions.submit_orders_for_power(phase, people.gm, power, given)
    pass_deadline(phase)
    sweep_deadlines()


def running_game(people: Personas, **fields: Any) -> Game:
    """A dc2005 game after its spring: two records a power (the start, the spring)."""
    game = forming_game(people, preset="dc2005", **fields)
    start(game, people)
    play(people, game, SPRING)
    return game


def finished_game(people: Personas, **fields: Any) -> Game:
    """Played through 1901 (spring, fall, winter builds), then ended by the game master."""
    game = running_game(people, **fields)
    play(people, game, FALL, "F1901M")
    play(people, game, {"FRANCE": ["Build A Par"]}, "W1901A")
    actions.end_game(game, people.gm, "Stopped after a year")
    game.refresh_from_db()
    return game
