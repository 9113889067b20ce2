"""What the battle actions share: the battle log and who may act."""

from __future__ import annotations

from typing import Any

from battles.models import Battle, BattleLogEntry, BattleSide
from common.errors import ActionError


def battle_log(battle: Battle, actor: Any, action: str, detail: str = "") -> BattleLogEntry:
    return BattleLogEntry.objects.create(battle=battle, actor=actor, action=action, detail=detail)


def require_battle_master(battle: Battle, user: Any) -> None:
    if battle.game_master_id != getattr(user, "pk", None):
        raise ActionError("Only the game master can do that.")


def require_battle_status(battle: Battle, *statuses: str) -> None:
    if battle.status not in statuses:
        status = battle.get_status_display().lower()
        raise ActionError(f"Not possible while the battle is {status}.")


def sides_of_user(battle: Battle, user: Any) -> list[str]:
    """The sides the user plays: as the side's player or as a token's controller."""
    if not getattr(user, "is_authenticated", False):
        return []
    played = BattleSide.objects.filter(battle=battle, player=user)
    named = set(played.values_list("name", flat=True))
    named |= set(battle.tokens.filter(player=user).values_list("side", flat=True))
    return sorted(named)


def require_side(battle: Battle, user: Any, side: str) -> None:
    if side not in sides_of_user(battle, user):
        raise ActionError(f"You do not play {side or 'a side'} in this battle.")
