"""Ending a battle before it is played out (ruling B28): a side concedes, or the game
master ends it with a stated result. Either way the battle is finished as if won on the
board: the open turn is withdrawn, the seed is revealed, the replay document opens to
everyone in it, and everyone gets the end email saying how it ended.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from battles.actions.base import (
    battle_log,
    require_battle_master,
    require_battle_status,
    require_side,
)
from battles.emails import notify
from battles.models import Battle, BattleTurn
from common.errors import ActionError

Status = Battle.Status
CONCESSION = "concession"
GAME_MASTER = "game master"
LONGEST_RESULT = 300  # characters: the result is one line in every side's end email
# What the game master is told, on the console and by email alike.
ENDED = "The battle is over: every side is told, and the seed is shown."


@transaction.atomic
def concede_battle(battle: Battle, player: Any, side: str) -> Battle:
    """``side`` concedes; in a battle of two sides the other side has won."""
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    require_battle_status(battle, Status.ACTIVE, Status.PAUSED)
    side = _side_named(battle, side)
    require_side(battle, player, side)
    others = [s for s in battle.side_names() if s != side]
    if len(others) != 1:
        raise ActionError(
            "With more than two sides a concession cannot settle the battle: "
            "ask the game master to end it with a stated result."
        )
    _finish(battle, others[0], CONCESSION, f"{side} conceded")
    battle_log(battle, player, "concede", f"{side} concedes; {others[0]} has won")
    return battle


@transaction.atomic
def end_battle(battle: Battle, game_master: Any, winner: str, result: str) -> Battle:
    """The game master ends the battle: ``result`` says how it stands ("" winner: nobody)."""
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    require_battle_master(battle, game_master)
    require_battle_status(battle, Status.ACTIVE, Status.PAUSED)
    if not result.strip():
        raise ActionError("Say how the battle ended: the result is sent to every side.")
    if len(result.strip()) > LONGEST_RESULT:
        raise ActionError(
            f"The result is {len(result.strip())} characters long; "
            f"at most {LONGEST_RESULT} go to every side."
        )
    winner = _side_named(battle, winner) if winner.strip() else ""
    _finish(battle, winner, GAME_MASTER, result.strip())
    battle_log(battle, game_master, "end battle", f"{winner or 'nobody'} has won: {result}")
    return battle


def _side_named(battle: Battle, name: str) -> str:
    found = next((s for s in battle.side_names() if s.casefold() == name.strip().casefold()), None)
    if found is None:
        raise ActionError(f"{name} is not a side of this battle.")
    return found


def _finish(battle: Battle, winner: str, ended_by: str, note: str) -> None:
    """Finished now: the open turn is withdrawn (it was never played), the end is sent."""
    last = battle.turns.filter(status=BattleTurn.Status.DONE).order_by("-number").first()
    battle.turns.filter(status=BattleTurn.Status.OPEN).delete()
    battle.status = Status.FINISHED
    battle.finished = timezone.now()
    battle.winner = winner
    battle.ended_by = ended_by
    battle.result_note = note
    battle.save()
    notify.battle_ended(battle, last.number if last else 0)
