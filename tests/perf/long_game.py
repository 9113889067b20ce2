"""Seven-power games played by the server's own code to a chosen year, for
the cost tests (tests/perf/) and the benches (bench/deadline.py,
bench/web_load.py): year 1 and year 30 differ only in how much history lies
behind the open phase."""

from __future__ import annotations

from typing import Any

from games import actions
from games.models import Game, Phase
from games.tasks import sweep_deadlines
from tests.fixtures import confirmed_user
from tests.operations.played import pass_deadline, submit_everyones_orders

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
PASSWORD = "a-long-test-password"


def make_user(name: str) -> Any:
    """A player whose address is confirmed, so game email goes out to them."""
    return confirmed_user(name, f"{name}@example.com", PASSWORD)


def seated_game(label: str, preset: str = "dc2005") -> Game:
    """A started game: a game master and one player per power, named after ``label``."""
    game_master = make_user(f"{label}-gm")
    game = actions.create_game(game_master, name=label, preset=preset, start_year=1901)
    for power in POWERS:
        actions.join(game, make_user(f"{label}-{power.lower()}"), [power])
    actions.assign_powers(game, game_master, by_preference=True)
    actions.start_game(game, game_master)
    game.refresh_from_db()
    return game


def play_to_year(game: Game, year: int, seed: int = 1) -> Game:
    """Random legal orders and a deadline sweep, phase after phase, until the
    open phase is the spring of ``year`` (the game's first year is 1)."""
    last_year = game.start_year + year - 1
    while game.status == Game.Status.ACTIVE and open_year(game) < last_year:
        phase = submit_everyones_orders(game, seed)
        pass_deadline(phase)
        sweep_deadlines()
        game.refresh_from_db()
    return game


def open_year(game: Game) -> int:
    phase = game.phases.filter(status=Phase.Status.OPEN).order_by("-ordinal").first()
    return int(phase.name[1:5]) if phase else 10**6


def random_game(label: str, year: int, seed: int = 1) -> Game:
    return play_to_year(seated_game(label), year, seed)
