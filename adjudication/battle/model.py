"""The battle as plain, frozen data: grid, terrain, tokens, sides, options.

Nothing here changes a battle: rules (movement, combat, activation) build a
new `Battle` with `dataclasses.replace`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from adjudication.battle.squares import Square, distance


class Terrain(Enum):
    NORMAL = "normal"
    WATER = "water"
    TREES = "trees"
    HILL = "hill"
    MOUNTAIN = "mountain"

    @property
    def difficult(self) -> bool:
        """Costs two movement points to enter (ruling B5: a hill is not difficult)."""
        return self in DIFFICULT

    @property
    def high(self) -> bool:
        """A hill or mountain: adds 1 to a ranged attacker's range (and to sight)."""
        return self in (Terrain.HILL, Terrain.MOUNTAIN)


DIFFICULT = frozenset({Terrain.WATER, Terrain.TREES, Terrain.MOUNTAIN})


@dataclass(frozen=True)
class Grid:
    width: int
    height: int
    terrain: Mapping[Square, Terrain] = field(default_factory=dict)

    def contains(self, square: Square) -> bool:
        return 0 <= square.col < self.width and 0 <= square.row < self.height

    def at(self, square: Square) -> Terrain:
        return self.terrain.get(square, Terrain.NORMAL)

    def squares(self) -> Iterator[Square]:
        for row in range(self.height):
            for col in range(self.width):
                yield Square(col, row)


@dataclass(frozen=True)
class Powers:
    """Special abilities: RANGE n (0 = none) and HEAL."""

    range: int = 0
    heal: bool = False


@dataclass(frozen=True)
class Character:
    """A player character or NPC paired with a token, adding its bonuses."""

    name: str
    att: int = 0
    defence: int = 0


@dataclass(frozen=True)
class Token:
    id: str
    side: str
    at: Square
    att: int
    defence: int
    spd: int
    hp: int
    max_hp: int
    powers: Powers = Powers()
    character: Character | None = None
    fallen: bool = False
    veteran: bool = False

    @property
    def standing(self) -> bool:
        return not self.fallen


@dataclass(frozen=True)
class Options:
    """The document's optional rules, each a switch, and FogDip's fog switch."""

    flanking: bool = False
    after_combat_healing: bool = False
    veterans: bool = False
    sight: int | None = None  # fog: how many squares a token sees; None for no fog


@dataclass(frozen=True)
class Battle:
    grid: Grid
    tokens: tuple[Token, ...]
    options: Options = Options()

    def token(self, token_id: str) -> Token | None:
        """The token of that name, read without regard to case (names differ in more than case)."""
        exact = next((t for t in self.tokens if t.id == token_id), None)
        wanted = token_id.casefold()
        return exact or next((t for t in self.tokens if t.id.casefold() == wanted), None)

    def side_named(self, name: str) -> str | None:
        """The side of that name as the battle spells it, read without regard to case."""
        return next((s for s in self.sides() if s.casefold() == name.casefold()), None)

    def standing(self) -> Iterator[Token]:
        return (t for t in self.tokens if t.standing)

    def occupant(self, square: Square) -> Token | None:
        return next((t for t in self.standing() if t.at == square), None)

    def sides(self) -> tuple[str, ...]:
        """Every side, in the order it first appears among the tokens."""
        return tuple(dict.fromkeys(t.side for t in self.tokens))

    def enemies_next_to(self, square: Square, side: str) -> list[Token]:
        return [t for t in self.standing() if t.side != side and distance(t.at, square) == 1]

    def with_token(self, token: Token) -> Battle:
        """The battle with the token of the same id replaced."""
        return replace(self, tokens=tuple(token if t.id == token.id else t for t in self.tokens))

    def winner(self) -> str | None:
        """The one side with tokens left when every other side has none (ruling B21)."""
        left = {t.side for t in self.standing()}
        return next(iter(left)) if len(left) == 1 else None
