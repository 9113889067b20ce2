"""Checking and walking a path a token moves or charges along (docs/rules/battle.md,
rulings B1-B8 and F7).

A path goes in two stages. Whether the order may be carried out is decided
from what the side sees (`check_path`): the grid, the cost, and the tokens on
the squares it sees; a token on a square it does not see cannot refuse it, so
a refusal tells the side nothing it did not know. Then the token walks the
path (`walk`): a token the side did not see stops it before that square.
"""

from __future__ import annotations

from adjudication.battle.actions import Refused
from adjudication.battle.model import Battle, Token
from adjudication.battle.squares import Square, adjacent


def step_cost(battle: Battle, square: Square) -> int:
    """Movement points to enter a square: two for difficult terrain, else one."""
    return 2 if battle.grid.at(square).difficult else 1


def path_cost(battle: Battle, path: tuple[Square, ...]) -> int:
    return sum(step_cost(battle, square) for square in path)


def check_path(
    battle: Battle, token: Token, path: tuple[Square, ...], sees: frozenset[Square] | None = None
) -> None:
    """Raise `Refused` unless ``token`` may move along ``path`` (the squares entered).

    ``sees``: under fog, the squares the side sees; None without fog (it sees
    all). The grid and the cost are checked before any token is looked at, so
    an over-long path is refused alike whatever stands on it.
    """
    check_route(battle, token, path)
    for square in path:
        occupant = _seen_occupant(battle, square, sees)
        if occupant is not None and occupant.side != token.side:
            raise Refused(f"{square} is held by the enemy token {occupant.id}")
    occupant = _seen_occupant(battle, path[-1], sees)
    if occupant is not None and occupant.id != token.id:
        raise Refused(f"{path[-1]} is held by {occupant.id}")


def check_route(battle: Battle, token: Token, path: tuple[Square, ...]) -> None:
    """The part of `check_path` that needs only the token, its path and the
    grid (each step on the grid and next to the last, the cost against SPD):
    what an activation can be checked for before its turn is played."""
    if not path:
        raise Refused(f"{token.id} must move at least one square")
    here = token.at
    for square in path:
        _check_step(battle, here, square)
        here = square
    cost = path_cost(battle, path)
    # Minimum move: one square is always allowed, whatever it costs.
    if len(path) > 1 and cost > token.spd:
        raise Refused(f"the path costs {cost}, more than {token.id}'s speed {token.spd}")


def walk(battle: Battle, token: Token, path: tuple[Square, ...]) -> tuple[Square, ...]:
    """The squares ``token`` enters along a path `check_path` allowed.

    All of them, unless a token its side did not see holds one (the only
    enemy a checked path can meet): then those before it, back to the last
    one no other token holds (ruling F7); none if it never leaves its square.
    """
    for index, square in enumerate(path):
        occupant = battle.occupant(square)
        if occupant is not None and occupant.side != token.side:
            return _back_to_free(battle, token, path[:index])
    return path


def _back_to_free(battle: Battle, token: Token, entered: tuple[Square, ...]) -> tuple[Square, ...]:
    while entered and battle.occupant(entered[-1]) not in (None, token):
        entered = entered[:-1]
    return entered


def _seen_occupant(battle: Battle, square: Square, sees: frozenset[Square] | None) -> Token | None:
    """The token on ``square`` as far as the side knows (None where it does not see)."""
    if sees is not None and square not in sees:
        return None
    return battle.occupant(square)


def _check_step(battle: Battle, here: Square, square: Square) -> None:
    if not battle.grid.contains(square):
        raise Refused(f"{square} is off the grid")
    if not adjacent(here, square):
        raise Refused(f"{square} is not next to {here}")
