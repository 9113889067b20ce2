"""One side's activation: each of its tokens acts once, in the order the side chose.

`activate` takes the dice to use and returns the new battle, one result per
action, and how many dice were used. An action the rules refuse does
nothing and uses no dice; the next one is processed.

Under fog every check is made against what the side sees when the action
comes (rulings F6 and F7): a name it does not see is refused as one that does
not exist, and a path is refused only for what the side sees on it; a token
it did not see stops the mover short instead, and the action is spent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from adjudication.battle import combat
from adjudication.battle.actions import Action, Kind, Power, Refused, Result
from adjudication.battle.fog import fog_switch, side_sees
from adjudication.battle.model import Battle, Terrain, Token
from adjudication.battle.movement import check_path, walk
from adjudication.battle.squares import Square, distance


class NotEnoughDice(ValueError):
    """The dice given ran out before the actions did."""


@dataclass(frozen=True)
class Activation:
    battle: Battle
    results: tuple[Result, ...]
    dice_used: int

    @property
    def winner(self) -> str | None:
        return self.battle.winner()


def activate(
    battle: Battle, side: str, actions: Sequence[Action], dice: Sequence[int]
) -> Activation:
    """Apply ``side``'s actions in order with the given dice (attacker's die, then defender's)."""
    results: list[Result] = []
    acted: set[str] = set()
    used = 0
    for action in actions:
        battle, result = _act(battle, side, action, acted, tuple(dice[used : used + 2]))
        if result.ok:
            acted.add(action.token)
        used += result.dice_used
        results.append(result)
    return Activation(battle, tuple(results), used)


def _act(
    battle: Battle, side: str, action: Action, acted: set[str], dice: tuple[int, ...]
) -> tuple[Battle, Result]:
    try:
        token = _actor(battle, side, action, acted)
        return _perform(battle, token, action, dice)
    except Refused as refusal:
        return battle, Result(action, ok=False, error=str(refusal))


def _actor(battle: Battle, side: str, action: Action, acted: set[str]) -> Token:
    token = battle.token(action.token)
    if fog_switch(battle) and (token is None or token.side != side):
        raise Refused(f"{action.token} is not one of {side}'s tokens")  # unknown or enemy alike
    if token is None:
        raise Refused(f"there is no token {action.token}")
    if token.side != side:
        raise Refused(f"{token.id} belongs to {token.side}, not {side}")
    if token.fallen:
        raise Refused(f"{token.id} has fallen")
    if token.id in acted:
        raise Refused(f"{token.id} has already acted this turn")
    return token


def _perform(
    battle: Battle, token: Token, action: Action, dice: tuple[int, ...]
) -> tuple[Battle, Result]:
    if action.kind is Kind.MOVE:
        check_path(battle, token, action.path, _sees(battle, token.side))
        entered = walk(battle, token, action.path)
        return _moved(battle, token, entered), _walked(action, token.at, entered)
    if action.kind is Kind.ATTACK:
        target = _enemy(battle, token, action)
        _require_next_to(token, target)
        return _fight(battle, token, target, action, dice, token.at)
    if action.kind is Kind.CHARGE:
        return _charge(battle, token, action, dice)
    if action.power is Power.RANGE:
        return _shoot(battle, token, action, dice)
    if action.power is Power.HEAL:
        return _heal(battle, token, action)
    raise Refused(f"{token.id}'s power must be range or heal")


def _charge(
    battle: Battle, token: Token, action: Action, dice: tuple[int, ...]
) -> tuple[Battle, Result]:
    sees = _sees(battle, token.side)
    close = [t for t in battle.enemies_next_to(token.at, token.side) if _seen(sees, token, t)]
    if close:
        raise Refused(f"{token.id} starts next to the enemy token {close[0].id} and may not charge")
    target = _enemy(battle, token, action)
    check_path(battle, token, action.path, sees)
    _require_next_to(replace(token, at=action.path[-1]), target)
    entered = walk(battle, token, action.path)
    battle = _moved(battle, token, entered)
    if entered != action.path:  # stopped short (ruling F7): no attack
        return battle, _walked(action, token.at, entered)
    moved = replace(token, at=action.path[-1])
    return _fight(battle, moved, target, action, dice, token.at, charge=True)


def _moved(battle: Battle, token: Token, entered: tuple[Square, ...]) -> Battle:
    return battle.with_token(replace(token, at=entered[-1])) if entered else battle


def _walked(action: Action, start: Square, entered: tuple[Square, ...]) -> Result:
    """A move's result; a blocked one keeps the squares it did enter."""
    if entered == action.path:
        return Result(action, ok=True, start=start)
    return Result(action, ok=True, start=start, blocked=True, entered=entered)


def _shoot(
    battle: Battle, token: Token, action: Action, dice: tuple[int, ...]
) -> tuple[Battle, Result]:
    if token.powers.range <= 0:
        raise Refused(f"{token.id} has no RANGE power")
    target = _enemy(battle, token, action)
    reach = token.powers.range + (1 if battle.grid.at(token.at).high else 0)
    away = distance(token.at, target.at)
    if away > reach:
        raise Refused(f"{target.id} is {away} squares from {token.id}, beyond its range {reach}")
    if battle.grid.at(target.at) is Terrain.TREES:
        raise Refused(f"{target.id} stands in trees and cannot be attacked at range")
    return _fight(battle, token, target, action, dice, token.at, ranged=True)


def _heal(battle: Battle, token: Token, action: Action) -> tuple[Battle, Result]:
    if not token.powers.heal:
        raise Refused(f"{token.id} has no HEAL power")
    target = _target(battle, action, token.side)
    if target.fallen:
        raise Refused(f"{target.id} has fallen and cannot be healed")
    if target.id == token.id:
        raise Refused(f"{token.id} cannot heal itself")
    _require_next_to(token, target)
    healed = replace(target, hp=target.max_hp)
    result = Result(action, ok=True, start=token.at, healed=target.max_hp - target.hp)
    return battle.with_token(healed), result


def _fight(
    battle: Battle,
    token: Token,
    target: Token,
    action: Action,
    dice: tuple[int, ...],
    start: Square,
    *,
    charge: bool = False,
    ranged: bool = False,
) -> tuple[Battle, Result]:
    if len(dice) < 2:
        raise NotEnoughDice(f"not enough dice: {token.id}'s attack on {target.id} needs two")
    battle, fight = combat.resolve(battle, token, target, (dice[0], dice[1]), charge=charge)
    fight = replace(fight, ranged=ranged)
    return battle, Result(action, ok=True, start=start, combat=fight)


def _target(battle: Battle, action: Action, side: str) -> Token:
    name = action.target or ""
    target = battle.token(name)
    sees = _sees(battle, side)
    if sees is not None and (target is None or not _seen_by(sees, side, target)):
        # A name unknown or unseen, standing or fallen: the same words, nothing more (F6).
        raise Refused(f"{name} is not in sight")
    if target is None:
        raise Refused(f"there is no token {name}")
    return target


def _sees(battle: Battle, side: str) -> frozenset[Square] | None:
    """The squares the side sees now under fog; None without fog (it sees everything)."""
    fog = fog_switch(battle)
    return side_sees(battle, side, fog) if fog else None


def _seen_by(sees: frozenset[Square], side: str, target: Token) -> bool:
    """A side knows its own tokens, and another's while it stands on a square it sees."""
    return target.side == side or (target.standing and target.at in sees)


def _seen(sees: frozenset[Square] | None, token: Token, other: Token) -> bool:
    return sees is None or _seen_by(sees, token.side, other)


def _enemy(battle: Battle, token: Token, action: Action) -> Token:
    target = _target(battle, action, token.side)
    if target.side == token.side:
        raise Refused(f"{target.id} is on {token.id}'s own side")
    if target.fallen:
        raise Refused(f"{target.id} has fallen")
    return target


def _require_next_to(token: Token, target: Token) -> None:
    if distance(token.at, target.at) != 1:
        raise Refused(f"{target.id} is not next to {token.id}")
