"""Processing one side-turn with the rules: dice from the committed stream, records, rolls.

Called only by the action that claimed the turn (battles/actions/play.py),
inside its transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudication.battle import dice as dice_stream
from adjudication.battle.actions import Result, fell_words, itemised
from adjudication.battle.activation import Activation, activate
from adjudication.battle.knowledge import SideRecord, game_master_record, side_record
from adjudication.battle.knowledge_json import record_from_json, record_json
from adjudication.battle.model import Battle as Board
from adjudication.battle.notation import format_action, parse_activation
from adjudication.battle.replay import Roll, combat_rolls, healing_dice_needed, roll_off_rolls
from adjudication.battle.turns import RollOff, after_combat_healing, make_veterans, roll_off
from battles.models import GAME_MASTER_SIDE, Battle, BattleRecord, BattleRoll
from battles.state import board_of, fog_of


def dice(battle: Battle, count: int) -> tuple[int, ...]:
    """The next ``count`` rolls of the battle's stream, with any the game master set."""
    first = battle.dice_position
    rolled = dice_stream.rolls(battle.seed, first, count)
    return tuple(int(battle.overrides.get(str(first + i), die)) for i, die in enumerate(rolled))


def decide_order(battle: Battle) -> tuple[RollOff, list[Roll]]:
    """The roll-off among the sides, drawing as many dice as ties need."""
    sides = battle.side_names()
    count = 4 * len(sides)
    while True:
        try:
            decided = roll_off(sides, dice(battle, count))
            break
        except ValueError:
            count *= 2
    return decided, roll_off_rolls(decided, battle.dice_position)


@dataclass(frozen=True)
class Outcome:
    before: Board
    done: Activation
    rolls: list[Roll]
    saved: tuple[str, ...] = ()


def play_turn(battle: Battle, side: str, text: str) -> Outcome:
    """The side's activation as sent (lines that cannot be read are left out)."""
    before = board_of(battle)
    mine = [t.id for t in before.tokens if t.side == side]
    actions = parse_activation(text, mine).actions
    done = activate(before, side, actions, dice(battle, 2 * len(actions)))
    rolls = combat_rolls(done.results, battle.dice_position)
    battle.dice_position += done.dice_used
    if done.winner is None:
        return Outcome(before, done, rolls)
    return _finish(battle, before, done, rolls)


def _finish(battle: Battle, before: Board, done: Activation, rolls: list[Roll]) -> Outcome:
    """The optional rules at the battle's end: after-combat healing, then veterans."""
    board = done.battle
    healing = dice(battle, healing_dice_needed(board))
    board, saved = after_combat_healing(board, healing)
    for offset, die in enumerate(healing):
        rolls.append(Roll(battle.dice_position + offset, die, "after-combat healing"))
    battle.dice_position += len(healing)
    board = make_veterans(board, saved)
    return Outcome(before, replace(done, battle=board), rolls, saved)


def result_line(result: Result) -> str:
    said = format_action(result.action)
    if not result.ok:
        return f"{said}: refused, {result.error}"
    if result.blocked:
        return f"{said}: {stopped(result)}"
    fight = result.combat
    if fight is None:
        return f"{said}: done" + (f", healed {result.healed} HP" if result.healed else "")
    attack = itemised(fight.attack, fight.attack_die, fight.attack_terms)
    defence = itemised(fight.defence, fight.defence_die, fight.defence_terms)
    return f"{said}: {attack} against {defence}, {fight.damage} damage{fell_words(fight)}"


def stopped(result: Result) -> str:
    """A blocked move in the words of ruling F7: where it stopped, and nothing of the
    token in its way (the side's record shows what the mover sees from there)."""
    return f"stopped at {result.stop}, the action spent: a token not seen before is in the way"


def store_rolls(battle: Battle, turn: int, rolls: list[Roll]) -> None:
    """The rolls in the log; one the game master set says so (as the replay marks it)."""
    BattleRoll.objects.bulk_create(
        BattleRoll(
            battle=battle, turn=turn, number=r.number, value=r.value, decided=_said(battle, r)
        )
        for r in rolls
    )


def _said(battle: Battle, roll: Roll) -> str:
    mark = " (set by the game master)"
    if str(roll.number) not in battle.overrides or roll.decided.endswith(mark):
        return roll.decided
    return roll.decided + mark


def store_records(battle: Battle, turn: int, before: Board, done: Activation | None) -> None:
    """Each side's record after the turn, from its previous one, and the game master's."""
    after = done.battle if done else before
    fog = fog_of(battle)
    for side in battle.side_names():
        previous = latest_record(battle, side)
        record = side_record(side, before, done, fog, turn, previous)
        _save(battle, turn, side, record)
    _save(battle, turn, GAME_MASTER_SIDE, game_master_record(after, turn, done))


def latest_record(battle: Battle, side: str) -> SideRecord | None:
    row = battle.records.filter(side=side).order_by("-turn").first()
    return record_from_json(row.data) if row else None


def _save(battle: Battle, turn: int, side: str, record: SideRecord) -> None:
    BattleRecord.objects.update_or_create(
        battle=battle, turn=turn, side=side, defaults={"data": record_json(record)}
    )
