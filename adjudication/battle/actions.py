"""What a side orders its tokens to do, and what became of each order."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from adjudication.battle.squares import Square


class Kind(Enum):
    MOVE = "move"
    ATTACK = "attack"
    CHARGE = "charge"
    POWER = "power"


class Power(Enum):
    RANGE = "range"
    HEAL = "heal"


@dataclass(frozen=True)
class Action:
    """One token's one action: ``path`` for move and charge, ``target`` otherwise."""

    token: str
    kind: Kind
    path: tuple[Square, ...] = ()
    target: str | None = None
    power: Power | None = None


@dataclass(frozen=True)
class Combat:
    """One attack: the dice as rolled and the totals they made."""

    attacker: str
    defender: str
    attack_die: int
    defence_die: int
    attack: int
    defence: int
    damage: int
    fell: bool
    ranged: bool = False
    character_to: str | None = None  # where a fallen defender's character went
    character_fled: bool = False
    # What made each total besides the die, e.g. (("ATT", 3), ("charge", 1)): so it can be
    # itemised (`itemised`); the dice and the totals above are what the rules decided.
    attack_terms: tuple[tuple[str, int], ...] = ()
    defence_terms: tuple[tuple[str, int], ...] = ()
    character: str | None = None  # the name of the character that passed on, if one did


def itemised(total: int, die: int, terms: tuple[tuple[str, int], ...]) -> str:
    """``9 (die 4 + ATT 3 + charge 1 + Aldo 1)``: a combat total with what made it."""
    said = f"die {die}"
    for name, value in terms:
        said += f" + {name} {value}" if value >= 0 else f" - {name} {-value}"
    return f"{total} ({said})"


def fell_words(fight: Combat) -> str:
    """The defender's fall, and where its character went (ruling B20)."""
    if not fight.fell:
        return ""
    falls = f", {fight.defender} falls"
    if fight.character_to:
        return f"{falls} and {fight.character} takes command of {fight.character_to}"
    if fight.character_fled:
        return f"{falls} and {fight.character} flees the field"
    return falls


@dataclass(frozen=True)
class Result:
    """What one action did: ``error`` names the problem when it was refused."""

    action: Action
    ok: bool
    error: str | None = None
    start: Square | None = None  # where the token stood before it acted
    combat: Combat | None = None
    healed: int = 0  # HP restored by HEAL
    blocked: bool = False  # stopped short by a token its side did not see (ruling F7)
    entered: tuple[Square, ...] = ()  # the squares a blocked move did enter

    @property
    def dice_used(self) -> int:
        return 2 if self.combat else 0

    @property
    def path(self) -> tuple[Square, ...]:
        """The squares the token entered: the path ordered, or a blocked one's first part."""
        return self.entered if self.blocked else self.action.path

    @property
    def stop(self) -> Square:
        """Where the token stood when its action was done."""
        assert self.start is not None, "a refused action has no stop"
        return (self.start, *self.path)[-1]


class Refused(Exception):
    """An action the rules do not allow; the message names the problem."""
