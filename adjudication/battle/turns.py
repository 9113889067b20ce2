"""Who acts first, and what happens when the battle is over.

The roll-off: every side rolls 1d6, the highest goes first and the others
follow in descending order; sides that tie roll again among themselves, as
often as needed, to settle their places (ruling B9). The order holds for the
whole battle (ruling B10).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace

from adjudication.battle.model import Battle


@dataclass(frozen=True)
class RollOff:
    order: tuple[str, ...]
    rounds: tuple[tuple[tuple[str, int], ...], ...]  # each round's (side, roll), in rolling order
    dice_used: int

    @property
    def rerolled(self) -> bool:
        return len(self.rounds) > 1


def roll_off(sides: Sequence[str], dice: Sequence[int]) -> RollOff:
    """The turn order from the dice, taken in order: sides roll in the order given."""
    stream = iter(dice)
    rounds: list[tuple[tuple[str, int], ...]] = []
    order = _settle(tuple(sides), stream, rounds)
    return RollOff(tuple(order), tuple(rounds), sum(len(r) for r in rounds))


def _settle(
    sides: tuple[str, ...], dice: Iterator[int], rounds: list[tuple[tuple[str, int], ...]]
) -> list[str]:
    if len(sides) < 2:
        return list(sides)
    rolls = tuple((side, _next_die(dice)) for side in sides)
    rounds.append(rolls)
    order: list[str] = []
    for value in sorted({roll for _, roll in rolls}, reverse=True):
        tied = tuple(side for side, roll in rolls if roll == value)
        order.extend(_settle(tied, dice, rounds))
    return order


def _next_die(dice: Iterator[int]) -> int:
    try:
        return next(dice)
    except StopIteration:
        raise ValueError("not enough dice for the roll-off") from None


def after_combat_healing(battle: Battle, dice: Sequence[int]) -> tuple[Battle, tuple[str, ...]]:
    """The optional rule: each fallen token gets 1d6 per standing healer of its side; a 6 saves it.

    Dice are taken fallen token by fallen token (in battle order), one per
    healer (in battle order). A saved token is back at full health. Returns
    the battle and the ids saved.
    """
    if not battle.options.after_combat_healing:
        return battle, ()
    stream = iter(dice)
    saved: list[str] = []
    for token in [t for t in battle.tokens if t.fallen]:
        healers = [t for t in battle.standing() if t.side == token.side and t.powers.heal]
        rolls = [_next_die(stream) for _ in healers]
        if 6 in rolls:
            saved.append(token.id)
    for fallen in [t for t in battle.tokens if t.id in saved]:
        battle = battle.with_token(replace(fallen, fallen=False, hp=fallen.max_hp))
    return battle, tuple(saved)


def make_veterans(battle: Battle, saved: Collection[str] = ()) -> Battle:
    """The optional rule: every token standing at the end of the battle gets +1 ATT.

    ``saved`` are the tokens after-combat healing brought back: they fell, so
    they did not survive the battle and are not veterans (ruling B24).
    """
    if not battle.options.veterans:
        return battle
    for token in [t for t in battle.standing() if t.id not in saved]:
        battle = battle.with_token(replace(token, att=token.att + 1, veteran=True))
    return battle


def next_side(order: Sequence[str], battle: Battle, previous: str | None) -> str | None:
    """The side that acts after ``previous`` (None: the first), skipping sides with no tokens.

    None once the battle is won.
    """
    if battle.winner() is not None:
        return None
    left = {t.side for t in battle.standing()}
    start = order.index(previous) + 1 if previous in order else 0
    for offset in range(len(order)):
        side = order[(start + offset) % len(order)]
        if side in left:
            return side
    return None
