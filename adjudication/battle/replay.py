"""A whole battle from its start, its seed and its events, with every roll logged.

The events are the activations sent, one a side-turn, and the game master's
board edits between them; the game master's dice are the overrides. The
same start, seed, events and overrides always give the same battle: this is
how anyone checks a battle once the seed is revealed (docs/rules/battle.md,
"Dice you can trust").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudication.battle.actions import Action, Result
from adjudication.battle.activation import Activation, activate
from adjudication.battle.dice import DiceStream
from adjudication.battle.model import Battle
from adjudication.battle.squares import Square
from adjudication.battle.turns import RollOff, after_combat_healing, make_veterans, roll_off


@dataclass(frozen=True)
class Roll:
    """One die of the battle: its number in the stream, its face, what it decided."""

    number: int
    value: int
    decided: str
    turn: int = 0  # 0: the roll-off; n: the n-th side-turn (and the battle's end after it)


@dataclass(frozen=True)
class Turn:
    """One side's activation as it sent it."""

    side: str
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Edit:
    """The game master's edit of the board between turns: a standing token's square and HP."""

    token: str
    at: Square
    hp: int


Event = Turn | Edit


class BadEdit(ValueError):
    """An edit that does not fit the board it is applied to."""


@dataclass(frozen=True)
class Played:
    start: Battle
    roll_off: RollOff
    activations: tuple[Activation, ...]
    rolls: tuple[Roll, ...]
    stream: DiceStream  # where the next roll will come from
    befores: tuple[Battle, ...] = ()  # the board each side-turn started from
    saved: tuple[str, ...] = ()  # tokens after-combat healing saved at the end
    edited: Battle | None = None  # the board after the last event, edits included

    @property
    def battle(self) -> Battle:
        return self.activations[-1].battle if self.activations else self.start


def play(
    start: Battle,
    seed: str,
    events: Sequence[Event],
    overrides: Mapping[int, int] | None = None,
    sides: Sequence[str] | None = None,
) -> Played:
    """Roll off, then apply each event in order, drawing dice from the seed's stream.

    ``overrides`` maps a roll's number to the face the game master set
    instead; each one is marked in the log, so it is never silent. ``sides``
    is the order the sides roll off in (ruling B9); by default the order
    they first appear among the tokens. When a turn wins the battle, the
    optional rules for its end are applied and later events are ignored.
    """
    stream = DiceStream(seed)
    fixed = dict(overrides or {})
    sides = tuple(sides or start.sides())
    decided = roll_off(sides, _dice(stream, _roll_off_bound(stream, sides, fixed), fixed))
    log = list(roll_off_rolls(decided))
    stream = stream.advance(decided.dice_used)
    battle = start
    activations: list[Activation] = []
    befores: list[Battle] = []
    saved: tuple[str, ...] = ()
    for event in events:
        if isinstance(event, Edit):
            battle = apply_edit(battle, event)
            continue
        number = len(activations) + 1
        dice = _dice(stream, 2 * len(event.actions), fixed)
        done = activate(battle, event.side, event.actions, dice)
        log.extend(replace(r, turn=number) for r in combat_rolls(done.results, stream.position))
        stream = stream.advance(done.dice_used)
        befores.append(battle)
        if done.winner is not None:
            done, stream, saved = _finish(done, stream, fixed, log, number)
        activations.append(done)
        battle = done.battle
        if done.winner is not None:
            break
    rolls = tuple(_marked(log, fixed))
    return Played(start, decided, tuple(activations), rolls, stream, tuple(befores), saved, battle)


def apply_edit(battle: Battle, edit: Edit) -> Battle:
    """The token moved and its HP set, as the game master edited it (BadEdit if it cannot be)."""
    token = battle.token(edit.token)
    if token is None or token.fallen:
        raise BadEdit(f"there is no standing token {edit.token}")
    held = battle.occupant(edit.at)
    if not battle.grid.contains(edit.at) or (held is not None and held.id != token.id):
        raise BadEdit(f"{edit.token} cannot stand on {edit.at.name}")
    if not 1 <= edit.hp <= token.max_hp:
        raise BadEdit(f"{edit.token}'s HP must be 1 to {token.max_hp}")
    return battle.with_token(replace(token, at=edit.at, hp=edit.hp))


def healing_dice_needed(battle: Battle) -> int:
    """One die per standing healer of each fallen token's side (ruling B23)."""
    if not battle.options.after_combat_healing:
        return 0
    healers = [h for h in battle.standing() if h.powers.heal]
    return sum(sum(1 for h in healers if h.side == t.side) for t in battle.tokens if t.fallen)


def _finish(
    done: Activation, stream: DiceStream, fixed: Mapping[int, int], log: list[Roll], turn: int
) -> tuple[Activation, DiceStream, tuple[str, ...]]:
    """The optional rules at the battle's end: after-combat healing, then veterans."""
    dice = _dice(stream, healing_dice_needed(done.battle), fixed)
    board, saved = after_combat_healing(done.battle, dice)
    for offset, die in enumerate(dice):
        log.append(Roll(stream.position + offset, die, "after-combat healing", turn))
    return replace(done, battle=make_veterans(board, saved)), stream.advance(len(dice)), saved


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
