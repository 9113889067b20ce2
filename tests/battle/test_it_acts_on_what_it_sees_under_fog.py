"""Under fog a side's actions are checked against what it sees (rulings F6, F7).

Each test plays two battles alike but for an enemy token the acting side does
not see, and compares what the side is told: a refusal must read the same
with or without the hidden token, and a move that runs into it stops there,
its action spent, the side learning only what it sees from where it stopped.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from adjudication.battle.activation import Activation
from adjudication.battle.cli import battle_line
from adjudication.battle.fog import Fog
from adjudication.battle.knowledge import SideRecord, side_record
from adjudication.battle.model import Battle
from tests.battle.helpers import (
    act,
    attack,
    battle,
    charge,
    errors,
    heal,
    move,
    shoot,
    token,
    where,
)

R1 = token("R1", "red", "a1", range=9)
FAR = token("B1", "blue", "h8")
HIDDEN = token("B2", "blue", "d1")  # three steps from R1: out of its sight of 2


def _pair(*tokens: object, sight: int = 2) -> tuple[Battle, Battle]:
    """The same battle without and with the hidden token B2."""
    without = battle(*tokens, FAR, sight=sight)  # type: ignore[arg-type]
    return without, replace(without, tokens=(*without.tokens, HIDDEN))


def test_it_refuses_an_over_long_path_alike_whatever_stands_on_it() -> None:
    without, with_hidden = _pair(R1)
    probe = move("R1", "b1", "c1", "d1", "e1")  # costs 4, speed 3; d1 holds B2 or nothing
    said = [errors(act(start, "red", probe)) for start in (without, with_hidden)]
    assert said[0] == said[1] == ["the path costs 4, more than R1's speed 3"]


def test_it_stops_a_move_before_a_token_it_did_not_see_and_spends_the_action() -> None:
    without, with_hidden = _pair(R1)
    lines = (move("R1", "b1", "c1", "d1"), move("R1", "b2"))
    free, blocked = (act(start, "red", *lines) for start in (without, with_hidden))
    assert where(free, "R1") == "d1" and where(blocked, "R1") == "c1"
    assert blocked.results[0].ok and blocked.results[0].blocked
    assert blocked.results[0].path == tuple(p for p in lines[0].path[:2])
    assert errors(blocked) == errors(free) == [None, "R1 has already acted this turn"]


def test_it_tells_the_blocked_side_only_what_it_sees_from_where_it_stopped() -> None:
    _, with_hidden = _pair(R1)
    blocked = act(with_hidden, "red", move("R1", "b1", "c1", "d1"))
    ordered_short = act(with_hidden, "red", move("R1", "b1", "c1"))
    assert _red_record(with_hidden, blocked) == _red_record(with_hidden, ordered_short)
    [event] = _red_record(with_hidden, blocked).events
    assert event.kind == "move" and [sq.name for sq in event.path] == ["a1", "b1", "c1"]


def test_it_shows_the_other_side_only_the_squares_a_blocked_move_entered() -> None:
    _, with_hidden = _pair(R1)
    blocked = act(with_hidden, "red", move("R1", "b1", "c1", "d1"))
    blue = side_record("blue", with_hidden, blocked, Fog(2), turn=1)
    [event] = blue.events
    assert event.kind == "move" and [sq.name for sq in event.path] == ["b1", "c1"]


def test_it_still_refuses_a_path_through_an_enemy_it_sees() -> None:
    start = battle(R1, token("B1", "blue", "b1"), sight=2)
    assert errors(act(start, "red", move("R1", "b1", "c1"))) == ["b1 is held by the enemy token B1"]


def test_it_refuses_an_unseen_target_as_one_that_does_not_exist() -> None:
    without, with_hidden = _pair(R1, token("R2", "red", "a2", heal=True))
    for action in (shoot("R1", "B2"), attack("R1", "B2"), heal("R2", "B2")):
        said = [errors(act(start, "red", action, dice=(6, 1))) for start in (without, with_hidden)]
        assert said[0] == said[1] == ["B2 is not in sight"], action


def test_it_refuses_a_fallen_enemy_as_one_that_does_not_exist() -> None:
    without, with_hidden = _pair(R1)
    fallen = replace(with_hidden, tokens=(*without.tokens, replace(HIDDEN, hp=0, fallen=True)))
    said = [errors(act(start, "red", shoot("R1", "B2"))) for start in (without, fallen)]
    assert said[0] == said[1] == ["B2 is not in sight"]


def test_it_refuses_an_enemy_token_as_actor_as_one_that_does_not_exist() -> None:
    without, with_hidden = _pair(R1)
    said = [errors(act(start, "red", move("B2", "d2"))) for start in (without, with_hidden)]
    assert said[0] == said[1] == ["B2 is not one of red's tokens"]


def test_it_stops_a_charge_before_a_token_it_did_not_see_with_no_attack() -> None:
    # Sight 1: R2 at d3 sees the target B1 at d2; nobody red sees c1.
    red = (token("R1", "red", "a1"), token("R2", "red", "d3"), token("B1", "blue", "d2"))
    without = battle(*red, sight=1)
    with_hidden = replace(without, tokens=(*without.tokens, token("B2", "blue", "c1")))
    lines = (charge("R1", "b1", "c1", "B1"),)
    free, blocked = (act(start, "red", *lines, dice=(6, 1)) for start in (without, with_hidden))
    assert free.results[0].combat is not None and free.dice_used == 2
    assert blocked.results[0].blocked and blocked.results[0].combat is None
    assert where(blocked, "R1") == "b1" and blocked.dice_used == 0


def test_it_answers_alike_without_fog_as_before() -> None:
    start = battle(R1, HIDDEN)
    assert errors(act(start, "red", shoot("R1", "B9"))) == ["there is no token B9"]
    assert errors(act(start, "red", move("R1", "b1", "c1", "d1"))) == [
        "d1 is held by the enemy token B2"
    ]


def _red_record(start: Battle, done: Activation) -> SideRecord:
    return side_record("red", start, done, Fog(2), turn=1)


def _cli_line(hidden: bool, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The command line's answer for the pair's red turn, as BATTLE-CLI.md's input."""
    infantry = {"att": 3, "def": 3, "spd": 3, "hp": 3, "max_hp": 3}
    tokens = [{"id": "R1", "side": "red", "at": "a1", **infantry}]
    tokens += [{"id": "B1", "side": "blue", "at": "h8", **infantry}]
    tokens += [{"id": "B2", "side": "blue", "at": "d1", **infantry}] if hidden else []
    line = {"grid": {"width": 8, "height": 8}, "options": {"fog": 2}, "tokens": tokens}
    return battle_line(json.dumps({**line, "side": "red", "actions": actions}))


def test_the_command_line_applies_the_same_fog_checks() -> None:
    probe: dict[str, Any] = {"token": "R1", "do": "move", "path": ["b1", "c1", "d1", "e1"]}
    step: dict[str, Any] = {"token": "R1", "do": "move", "path": ["b1", "c1", "d1"]}
    without, with_hidden = (_cli_line(hidden, [probe, step]) for hidden in (False, True))
    assert without["results"][0] == with_hidden["results"][0]
    assert with_hidden["results"][1] == {"token": "R1", "ok": True, "blocked": True, "at": "c1"}
    assert without["results"][1] == {"token": "R1", "ok": True}
