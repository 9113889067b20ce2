"""A whole battle from its start, its seed and the activations sent, with every roll logged.

The same start, seed and activations always give the same battle: this is
how anyone checks a battle once the seed is revealed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudication.battle.actions import Action, Result
from adjudication.battle.activation import Activation, activate
from adjudication.battle.dice import DiceStream
from adjudication.battle.model import Battle
from adjudication.battle.turns import RollOff, roll_off


@dataclass(frozen=True)
class Roll:
    """One die of the battle: its number in the stream, its face, what it decided."""

    number: int
    value: int
    decided: str


@dataclass(frozen=True)
class Turn:
    """One side's activation as it sent it."""

    side: str
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Played:
    start: Battle
    roll_off: RollOff
    activations: tuple[Activation, ...]
    rolls: tuple[Roll, ...]
    stream: DiceStream  # where the next roll will come from

    @property
    def battle(self) -> Battle:
        return self.activations[-1].battle if self.activations else self.start


def play(
    start: Battle, seed: str, turns: Sequence[Turn], overrides: Mapping[int, int] | None = None
) -> Played:
    """Roll off, then apply each turn in order, drawing dice from the seed's stream.

    ``overrides`` maps a roll's number to the face the game master set
    instead; each one is marked in the log, so it is never silent.
    """
    stream = DiceStream(seed)
    fixed = dict(overrides or {})
    sides = start.sides()
    decided = roll_off(sides, _dice(stream, _roll_off_bound(stream, sides, fixed), fixed))
    log = list(roll_off_rolls(decided))
    stream = stream.advance(decided.dice_used)
    battle = start
    activations: list[Activation] = []
    for turn in turns:
        dice = _dice(stream, 2 * len(turn.actions), fixed)
        done = activate(battle, turn.side, turn.actions, dice)
        log.extend(combat_rolls(done.results, stream.position))
        stream = stream.advance(done.dice_used)
        activations.append(done)
        battle = done.battle
    return Played(start, decided, tuple(activations), tuple(_marked(log, fixed)), stream)


def _dice(stream: DiceStream, count: int, fixed: Mapping[int, int]) -> tuple[int, ...]:
    rolled = stream.peek(count)
    return tuple(fixed.get(stream.position + i, die) for i, die in enumerate(rolled))


def _marked(log: list[Roll], fixed: Mapping[int, int]) -> list[Roll]:
    return [
        replace(roll, decided=f"{roll.decided} (set by the game master)")
        if roll.number in fixed
        else roll
        for roll in log
    ]


def _roll_off_bound(stream: DiceStream, sides: Sequence[str], fixed: Mapping[int, int]) -> int:
    """Enough dice for any roll-off: ties are rare, so look further only when needed."""
    count = 4 * max(len(sides), 1)
    while True:
        try:
            roll_off(sides, _dice(stream, count, fixed))
            return count
        except ValueError:
            count *= 2


def roll_off_rolls(decided: RollOff, first: int = 0) -> list[Roll]:
    log: list[Roll] = []
    for round_number, rolls in enumerate(decided.rounds):
        label = "roll-off" if round_number == 0 else "roll-off, tie re-rolled"
        for side, value in rolls:
            log.append(Roll(first + len(log), value, f"{label}: {side}"))
    return log


def combat_rolls(results: Sequence[Result], first: int) -> list[Roll]:
    """Each combat's two dice, numbered from ``first``, with the attack they decided."""
    log: list[Roll] = []
    for result in results:
        fight = result.combat
        if fight is None:
            continue
        what = f"{fight.attacker} attacks {fight.defender}"
        log.append(Roll(first + len(log), fight.attack_die, f"{what}: attacker's die"))
        log.append(Roll(first + len(log), fight.defence_die, f"{what}: defender's die"))
    return log
