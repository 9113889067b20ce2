"""A grid battle's reply addresses: one per (battle, side, player), and one
for the battle's game master.

A token reads ``b7-s12-345`` (battle 7, side 12, user 345) or ``b7-gm-345``,
signed by postoffice.inbound.addresses. It is current only while the side is
still played by that user, and the battle's game master is still theirs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from battles.actions.base import sides_of_user
from battles.models import GAME_MASTER_SIDE, Battle
from postoffice.inbound.addresses import GAME_MASTER_CODE, ReplySigner, address_for

BATTLE_VALUE = re.compile(r"^b(\d+)-(gm|s\d+)-(\d+)$")


@dataclass(frozen=True)
class BattleAddressee:
    """Whom a valid battle reply address names: a side's player, or the game master."""

    battle: Battle
    user: Any
    side: str  # "" for the game master

    @property
    def is_game_master(self) -> bool:
        return self.side == GAME_MASTER_SIDE

    @property
    def seat(self) -> str:
        return f"battle {self.battle.pk}"

    def record_fields(self) -> dict[str, Any]:
        return {"battle": self.battle, "user": self.user}


def battle_token(battle: Battle, code: str, user: Any) -> str:
    return ReplySigner().sign(f"b{battle.pk}-{code}-{user.pk}")


def battle_reply_address(battle: Battle, user: Any, side: str) -> str:
    """The Reply-To of a battle email: the side's address for its player, or the game master's."""
    if user is None:
        return ""
    if side == GAME_MASTER_SIDE:
        is_master = user.pk == battle.game_master_id
        return address_for(battle_token(battle, GAME_MASTER_CODE, user)) if is_master else ""
    row = battle.sides.filter(name=side).first()
    if row is None or side not in sides_of_user(battle, user):
        return ""
    return address_for(battle_token(battle, f"s{row.pk}", user))


def battle_addressee_of(match: re.Match[str]) -> BattleAddressee | None:
    return _in_battle(int(match[1]), match[2], int(match[3]))


def _in_battle(battle_id: int, code: str, user_id: int) -> BattleAddressee | None:
    """The battle's game master, or a player who still plays the side the code names."""
    battle = Battle.objects.select_related("game_master").filter(pk=battle_id).first()
    if battle is None:
        return None
    if code == GAME_MASTER_CODE:
        is_master = battle.game_master_id == user_id
        return BattleAddressee(battle, battle.game_master, GAME_MASTER_SIDE) if is_master else None
    side = battle.sides.filter(pk=int(code[1:])).first()
    user = get_user_model().objects.filter(pk=user_id).first()
    if side is None or user is None or side.name not in sides_of_user(battle, user):
        return None
    return BattleAddressee(battle, user, side.name)
