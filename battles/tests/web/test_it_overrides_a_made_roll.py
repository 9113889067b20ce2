"""The game master sets a roll already made: the latest turn is re-played from the
seed with it, its results, rolls, records and what comes next rewritten, and the
log says so; the roll-off, earlier turns and edited boards stay settled."""

from __future__ import annotations

from html import unescape
from typing import Any

from battles.models import GAME_MASTER_SIDE, Battle, BattleLogEntry, BattleRoll, BattleTurn
from battles.replay import replay_battle
from battles.state import board_of
from battles.tests.web.conftest import Cast, infantry, post, set_up
from postoffice.compose import render_parts
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of


def _first_turn(cast: Cast, hp: int = 3) -> tuple[Battle, BattleTurn, str, str, str]:
    """A battle under way, R1 and B1 next to each other: (battle, turn, player, mine, theirs)."""
    tokens = [infantry("R1", "Red", "c3"), infantry("B1", "Blue", "d3")]
    if hp != 3:  # no one blow can end the battle
        stats = {"template": "", "att": 3, "defence": 3, "spd": 3, "hp": hp}
        tokens = [token | stats for token in tokens]
    battle = set_up(cast, tokens=tokens)
    post(cast, "gm", "battle_start", battle, {})
    battle.refresh_from_db()
    turn = battle.open_turn()
    assert turn is not None
    mine, theirs = ("R1", "B1") if turn.side == "Red" else ("B1", "R1")
    return battle, turn, "red" if turn.side == "Red" else "blue", mine, theirs


def _override(cast: Cast, battle: Battle, number: int, face: int) -> Any:
    return post(cast, "gm", "battle_override", battle, {"number": number, "face": face})


def test_setting_the_defenders_die_replays_the_turn_to_the_battles_end(cast: Cast) -> None:
    battle, turn, player, mine, theirs = _first_turn(cast)
    attackers_die = battle.dice_position
    _override(cast, battle, attackers_die, 6)  # before they are made: 9 against 9, no harm
    _override(cast, battle, attackers_die + 1, 6)
    post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ACTIVE
    defenders_die = attackers_die + 1
    assert BattleRoll.objects.get(battle=battle, number=defenders_die).turn == turn.number
    response = _override(cast, battle, defenders_die, 1)
    assert f"Roll {defenders_die} is now 1: turn {turn.number} is re-played" in (
        response.content.decode()
    )
    battle.refresh_from_db()
    turn.refresh_from_db()
    assert turn.results == [f"{mine} attack {theirs}: 9 (die 6 + ATT 3) against "
                            f"4 (die 1 + DEF 3), 5 damage, {theirs} falls"]  # fmt: skip
    assert battle.status == Battle.Status.FINISHED and battle.winner == turn.side
    assert not battle.turns.filter(status=BattleTurn.Status.OPEN).exists()
    rolls = BattleRoll.objects.filter(battle=battle, turn=turn.number).order_by("number")
    assert [(r.value, r.decided.endswith("(set by the game master)")) for r in rolls] == [
        (6, True),
        (1, True),
    ]
    entry = BattleLogEntry.objects.get(battle=battle, action="override made roll")
    assert f"roll {defenders_die} set to 1 (was 6)" in entry.detail
    assert replay_battle(battle).battle == board_of(battle)


def test_setting_the_defenders_die_saves_the_defender(cast: Cast) -> None:
    battle, turn, player, mine, theirs = _first_turn(cast, hp=10)
    attackers_die = battle.dice_position
    _override(cast, battle, attackers_die, 6)
    _override(cast, battle, attackers_die + 1, 1)
    post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
    assert _hp(battle, theirs) == 5
    _override(cast, battle, attackers_die + 1, 6)
    battle.refresh_from_db()
    turn.refresh_from_db()
    assert turn.results == [
        f"{mine} attack {theirs}: 9 (die 6 + ATT 3) against 9 (die 6 + DEF 3), 0 damage"
    ]
    assert _hp(battle, theirs) == 10
    assert battle.status == Battle.Status.ACTIVE
    waiting = battle.open_turn()
    assert waiting is not None and waiting.side != turn.side and waiting.number == 2
    seen = [t for t in battle.records.get(turn=1, side="Red").data["tokens"] if t["id"] == theirs]
    assert seen and seen[0]["hp"] == 10  # each side's record is written again
    assert replay_battle(battle).battle == board_of(battle)


def test_the_roll_off_and_earlier_turns_are_settled(cast: Cast) -> None:
    battle, turn, player, mine, theirs = _first_turn(cast, hp=10)
    response = _override(cast, battle, 0, 6)
    assert "Roll 0 is settled" in response.content.decode()
    post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
    other = "blue" if player == "red" else "red"
    post(cast, other, "battle_activation", battle, {"text": f"{theirs} hold"})
    first = BattleRoll.objects.filter(battle=battle, turn=turn.number).first()
    assert first is not None
    response = _override(cast, battle, first.number, 7 - first.value)
    shown = unescape(response.content.decode())
    assert f"Roll {first.number} is settled: only turn 2's rolls" in shown
    first.refresh_from_db()
    assert "set by the game master" not in first.decided


def test_a_roll_made_before_a_board_edit_is_settled(cast: Cast) -> None:
    battle, turn, player, mine, theirs = _first_turn(cast, hp=10)
    post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
    post(cast, "gm", "battle_pause", battle, {})
    post(cast, "gm", "battle_edit", battle, {"name": mine, "at": "a1", "hp": 1})
    roll = BattleRoll.objects.filter(battle=battle, turn=turn.number).first()
    assert roll is not None
    response = _override(cast, battle, roll.number, 7 - roll.value)
    assert f"The board was edited after turn {turn.number}" in response.content.decode()
    roll.refresh_from_db()
    assert "set by the game master" not in roll.decided


def _hp(battle: Battle, token: str) -> int:
    battle.refresh_from_db()
    return int(next(t["hp"] for t in battle.position if t["id"] == token))


def _corrected(battle: Battle) -> list[str]:
    rows = OutboxMessage.objects.filter(battle=battle, kind=OutboxMessage.Kind.BATTLE_RESULTS)
    return sorted(row.side for row in rows if row.context.get("corrected"))


def test_every_side_is_sent_its_corrected_results(cast: Cast) -> None:
    battle, _, player, mine, theirs = _first_turn(cast, hp=10)
    attackers_die = battle.dice_position
    _override(cast, battle, attackers_die, 6)
    _override(cast, battle, attackers_die + 1, 1)
    post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
    assert _corrected(battle) == []
    _override(cast, battle, attackers_die + 1, 6)
    assert _corrected(battle) == sorted(["Red", "Blue", GAME_MASTER_SIDE])
    # The same side still acts next: no second "your turn".
    assert OutboxMessage.objects.filter(battle=battle, kind="battle_turn").count() == 2
    _override(cast, battle, attackers_die + 1, 5)  # a second correction is a message too
    assert len(_corrected(battle)) == 6
    row = OutboxMessage.objects.filter(battle=battle, side="Red", context__corrected=True)[0]
    subject, text, _ = render_parts(draft_of(row))
    assert subject.startswith("Corrected: ") and "These results replace the earlier ones" in text


def test_a_correction_that_ends_the_battle_says_so(cast: Cast) -> None:
    battle, _, player, mine, theirs = _first_turn(cast)
    attackers_die = battle.dice_position
    _override(cast, battle, attackers_die, 6)
    _override(cast, battle, attackers_die + 1, 6)
    post(cast, player, "battle_activation", battle, {"text": f"{mine} attack {theirs}"})
    assert not OutboxMessage.objects.filter(battle=battle, kind="battle_end").exists()
    _override(cast, battle, attackers_die + 1, 1)
    assert OutboxMessage.objects.filter(battle=battle, kind="battle_end").count() == 3
