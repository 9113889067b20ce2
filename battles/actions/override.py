"""The game master sets a roll already made: the latest side-turn is re-played from
the seed with the overrides, and everything it wrote is written again.

Only a roll of the latest side-turn can be set once made (ruling B25): the
roll-off and earlier turns are settled, since the sides ordered later turns
knowing what they decided. The re-play is the battle's own replay
(battles.replay), so the stored battle and the public replay agree.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from adjudication.battle.replay import Played
from adjudication.battle.turns import next_side
from battles import turns
from battles.actions.base import battle_log
from battles.emails import notify
from battles.models import Battle, BattleTurn
from battles.replay import replay_battle
from battles.state import board_of, position_of
from common.errors import ActionError


def override_made_roll(battle: Battle, game_master: Any, number: int, face: int) -> BattleTurn:
    """Called by play.override_roll, inside its transaction, the battle locked."""
    latest = _latest_turn(battle, number)
    was = battle.rolls.get(number=number).value
    waiting = battle.open_turn()
    overrides = {**battle.overrides, str(number): face}
    played = replay_battle(battle, {int(n): int(f) for n, f in overrides.items()})
    battle.overrides = overrides
    _rewrite(battle, latest, played)
    detail = f"roll {number} set to {face} (was {was}); turn {latest.number} re-played"
    battle_log(battle, game_master, "override made roll", detail)
    notify.results_corrected(battle, latest, waiting.side if waiting else None)
    return latest


def _latest_turn(battle: Battle, number: int) -> BattleTurn:
    latest = battle.turns.filter(status=BattleTurn.Status.DONE).order_by("-number").first()
    roll = battle.rolls.filter(number=number).first()
    if latest is None or roll is None or roll.turn != latest.number:
        which = f"turn {latest.number}'s" if latest else "no made"
        raise ActionError(
            f"Roll {number} is settled: only {which} rolls can be set once made "
            f"(the next roll is number {battle.dice_position})."
        )
    if any(int(edit["after_turn"]) >= latest.number for edit in battle.edits):
        raise ActionError(
            f"The board was edited after turn {latest.number}: its rolls are settled."
        )
    return latest


def _rewrite(battle: Battle, turn: BattleTurn, played: Played) -> None:
    """The turn's results, rolls and records, the position and what comes next, as re-played."""
    index = turn.number - 1
    done, before = played.activations[index], played.befores[index]
    battle.position = position_of(played.battle)
    battle.dice_position = played.stream.position
    turn.results = [turns.result_line(r) for r in done.results]
    turn.save(update_fields=["results"])
    battle.rolls.filter(turn__gte=turn.number).delete()
    turns.store_rolls(battle, turn.number, [r for r in played.rolls if r.turn == turn.number])
    battle.records.filter(turn__gte=turn.number).delete()
    turns.store_records(battle, turn.number, before, done)
    _what_next(battle, turn, played.battle.winner())
    battle.save()


def _what_next(battle: Battle, turn: BattleTurn, winner: str | None) -> None:
    """The open turn goes to the side that now acts next; none if the battle is now over."""
    waiting = battle.open_turn()
    side = next_side(battle.order, board_of(battle), turn.side)
    if side is None:
        if waiting is not None:
            waiting.delete()
        battle.status = Battle.Status.FINISHED
        battle.winner = winner or ""
        battle.finished = timezone.now()
    elif waiting is not None and waiting.side != side:
        waiting.side = side
        waiting.deadline = timezone.now() + battle.turn_length
        waiting.reminded = False
        waiting.save(update_fields=["side", "deadline", "reminded"])
