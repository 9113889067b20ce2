"""What a side sees under the fog switch (docs/rules/battle.md, rulings F1-F3).

Each standing token sees every square within its sight (one more from a hill
or mountain) whose straight line from the token crosses no trees square. A
side sees what its tokens see, together, and always its own tokens' squares.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudication.battle.model import Battle, Grid, Terrain, Token
from adjudication.battle.squares import Square, crosses, distance

DEFAULT_SIGHT = 3


@dataclass(frozen=True)
class Fog:
    """The fog switch's setting: how many squares a token sees."""

    sight: int = DEFAULT_SIGHT


def fog_switch(battle: Battle) -> Fog | None:
    """The battle's fog, or None when the switch is off."""
    sight = battle.options.sight
    return Fog(sight) if sight else None


def token_sees(grid: Grid, token: Token, fog: Fog) -> frozenset[Square]:
    reach = fog.sight + (1 if grid.at(token.at).high else 0)
    trees = [
        square
        for square, kind in grid.terrain.items()
        if kind is Terrain.TREES and distance(square, token.at) <= reach
    ]
    return frozenset(
        square
        for square in _around(grid, token.at, reach)
        if not any(crosses(token.at, square, wood) for wood in trees)
    )


def side_sees(battle: Battle, side: str, fog: Fog | None) -> frozenset[Square]:
    """Every square the side sees; without fog, the whole grid."""
    if fog is None:
        return frozenset(battle.grid.squares())
    seen: set[Square] = set()
    for token in battle.standing():
        if token.side == side:
            seen |= token_sees(battle.grid, token, fog)
    return frozenset(seen)


def _around(grid: Grid, centre: Square, reach: int) -> list[Square]:
    return [
        Square(col, row)
        for col in range(centre.col - reach, centre.col + reach + 1)
        for row in range(centre.row - reach, centre.row + reach + 1)
        if grid.contains(Square(col, row)) and distance(centre, Square(col, row)) <= reach
    ]
