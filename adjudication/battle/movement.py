"""Checking a path a token moves or charges along (docs/rules/battle.md, rulings B1-B8)."""

from __future__ import annotations

from adjudication.battle.actions import Refused
from adjudication.battle.model import Battle, Token
from adjudication.battle.squares import Square, adjacent


def step_cost(battle: Battle, square: Square) -> int:
    """Movement points to enter a square: two for difficult terrain, else one."""
    return 2 if battle.grid.at(square).difficult else 1


def path_cost(battle: Battle, path: tuple[Square, ...]) -> int:
    return sum(step_cost(battle, square) for square in path)


def check_path(battle: Battle, token: Token, path: tuple[Square, ...]) -> None:
    """Raise `Refused` unless ``token`` may move along ``path`` (the squares entered)."""
    if not path:
        raise Refused(f"{token.id} must move at least one square")
    here = token.at
    for square in path:
        _check_step(battle, token, here, square)
        here = square
    occupant = battle.occupant(path[-1])
    if occupant is not None and occupant.id != token.id:
        raise Refused(f"{path[-1]} is held by {occupant.id}")
    cost = path_cost(battle, path)
    # Minimum move: one square is always allowed, whatever it costs.
    if len(path) > 1 and cost > token.spd:
        raise Refused(f"the path costs {cost}, more than {token.id}'s speed {token.spd}")


def _check_step(battle: Battle, token: Token, here: Square, square: Square) -> None:
    if not battle.grid.contains(square):
        raise Refused(f"{square} is off the grid")
    if not adjacent(here, square):
        raise Refused(f"{square} is not next to {here}")
    occupant = battle.occupant(square)
    if occupant is not None and occupant.side != token.side:
        raise Refused(f"{square} is held by the enemy token {occupant.id}")
