"""One attack: 1d6 + ATT + modifiers against 1d6 + DEF + modifiers.

Damage is the amount by which the attack total exceeds the defence total;
a token at 0 HP falls, and a character it carried takes command of the
nearest unmanned token of its side (ruling B20).
"""

from __future__ import annotations

from dataclasses import replace

from adjudication.battle.actions import Combat
from adjudication.battle.model import Battle, Token
from adjudication.battle.squares import distance, opposite

CHARGE_BONUS = 1
FLANKING_BONUS = 1


def attack_total(battle: Battle, attacker: Token, defender: Token, die: int, charge: bool) -> int:
    bonus = attacker.character.att if attacker.character else 0
    if charge:
        bonus += CHARGE_BONUS
    if battle.options.flanking and flanked(battle, defender, attacker.side):
        bonus += FLANKING_BONUS
    return die + attacker.att + bonus


def defence_total(defender: Token, die: int) -> int:
    bonus = defender.character.defence if defender.character else 0
    return die + defender.defence + bonus


def flanked(battle: Battle, defender: Token, side: str) -> bool:
    """Two tokens of ``side`` next to the defender on exactly opposite sides of it."""
    friends = {
        t.at for t in battle.standing() if t.side == side and distance(t.at, defender.at) == 1
    }
    return any(opposite(square, defender.at) in friends for square in friends)


def resolve(
    battle: Battle, attacker: Token, defender: Token, dice: tuple[int, int], *, charge: bool = False
) -> tuple[Battle, Combat]:
    """The battle after one attack, with what the dice decided."""
    attack = attack_total(battle, attacker, defender, dice[0], charge)
    defence = defence_total(defender, dice[1])
    damage = max(0, attack - defence)
    hurt = replace(defender, hp=max(0, defender.hp - damage))
    combat = Combat(attacker.id, defender.id, dice[0], dice[1], attack, defence, damage, False)
    if hurt.hp > 0:
        return battle.with_token(hurt), combat
    return fall(battle.with_token(hurt), hurt, combat)


def fall(battle: Battle, token: Token, combat: Combat) -> tuple[Battle, Combat]:
    """Remove a token from play, passing on its character if it had one."""
    battle = battle.with_token(replace(token, fallen=True, character=None))
    combat = replace(combat, fell=True)
    if token.character is None:
        return battle, combat
    heir = nearest_unmanned(battle, token)
    if heir is None:
        return battle, replace(combat, character_fled=True)
    battle = battle.with_token(replace(heir, character=token.character))
    return battle, replace(combat, character_to=heir.id)


def nearest_unmanned(battle: Battle, fallen: Token) -> Token | None:
    """The standing token of the same side without a character nearest the fallen one.

    Ties go to the token listed first in the battle (ruling B20).
    """
    candidates = [t for t in battle.standing() if t.side == fallen.side and t.character is None]
    return min(candidates, key=lambda t: distance(t.at, fallen.at), default=None)
