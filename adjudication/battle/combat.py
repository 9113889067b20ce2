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


def attack_terms(
    battle: Battle, attacker: Token, defender: Token, charge: bool
) -> tuple[tuple[str, int], ...]:
    """ATT and each modifier of an attack (ruling B16), by name."""
    terms = [("ATT", attacker.att)]
    if attacker.character and attacker.character.att:
        terms.append((attacker.character.name, attacker.character.att))
    if charge:
        terms.append(("charge", CHARGE_BONUS))
    if battle.options.flanking and flanked(battle, defender, attacker.side):
        terms.append(("flanking", FLANKING_BONUS))
    return tuple(terms)


def defence_terms(defender: Token) -> tuple[tuple[str, int], ...]:
    character = defender.character
    bonus = ((character.name, character.defence),) if character and character.defence else ()
    return (("DEF", defender.defence), *bonus)


def attack_total(battle: Battle, attacker: Token, defender: Token, die: int, charge: bool) -> int:
    return die + sum(value for _, value in attack_terms(battle, attacker, defender, charge))


def defence_total(defender: Token, die: int) -> int:
    return die + sum(value for _, value in defence_terms(defender))


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
    combat = Combat(
        attacker.id, defender.id, dice[0], dice[1], attack, defence, damage, False,
        attack_terms=attack_terms(battle, attacker, defender, charge),
        defence_terms=defence_terms(defender),
    )  # fmt: skip
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
    combat = replace(combat, character=token.character.name)
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
