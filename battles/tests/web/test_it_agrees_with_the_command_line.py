"""The web and the command line play the same battles alike, every option included
(flanking, after-combat healing, veterans, fog, a character passed on): each side-turn the
web processed is given to `python -m adjudication battle` with the dice the web rolled, and
the command line ends on the web's board, with the same dice used and the same winner."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudication.battle.actions import Action
from adjudication.battle.cli import battle_line
from adjudication.battle.notation import parse_activation
from adjudication.battle.squares import Square, distance, parse_square
from battles.actions.play import start_battle, submit_activation
from battles.actions.setup import Placement, Settings, assign_side, create_battle, place_token
from battles.models import Battle
from battles.replay import replay_document
from battles.tests.web.conftest import Cast

OPTIONS = [
    {"flanking": True, "after_combat_healing": True, "veterans": True},
    {"flanking": False, "after_combat_healing": True, "veterans": False},
    {"flanking": False, "after_combat_healing": False, "veterans": True},
]


def _knight(name: str, side: str, at: str, **more: Any) -> Placement:
    return Placement(name=name, side=side, at=at, att=5, defence=1, spd=3, hp=2, **more)


def _cleric(name: str, side: str, at: str) -> Placement:
    return Placement(name=name, side=side, at=at, att=1, defence=2, spd=3, hp=3, heal=True)


def _battle(cast: Cast, options: dict[str, bool], sight: int | None) -> Battle:
    settings = Settings("Agreement", 8, 6, ("Red", "Blue"), sight=sight)
    battle = create_battle(cast.gm, settings)
    Battle.objects.filter(pk=battle.pk).update(**options)
    battle.refresh_from_db()
    for placement in (
        _knight("R1", "Red", "c2", character="Aldo", character_att=1, character_def=1),
        _knight("R2", "Red", "c3"),
        _knight("R3", "Red", "c4"),
        _cleric("R4", "Red", "b4"),
        _knight("B1", "Blue", "d2"),
        _knight("B2", "Blue", "d3", character="Grimm", character_att=2),
        _knight("B3", "Blue", "d4"),
        _cleric("B4", "Blue", "e2"),
    ):
        place_token(battle, cast.gm, placement)
    assign_side(battle, cast.gm, "red", cast.red)  # sides are named without regard to case
    assign_side(battle, cast.gm, "BLUE", cast.blue)
    start_battle(battle, cast.gm)
    return battle


def _activation(battle: Battle, side: str) -> str:
    """Healers heal the hurt; every token tries every enemy (named in lower case), and
    a token that could not attack steps towards the nearest enemy."""
    standing = [t for t in battle.position if not t["fallen"]]
    mine = [t for t in standing if t["side"] == side]
    theirs = [t for t in standing if t["side"] != side]
    hurt = [f for f in mine if f["hp"] < f["max_hp"]]
    lines = [f"{t['id']} heal {f['id']}" for t in mine if t["heal"] for f in hurt if f != t]
    lines += [f"{t['id']} attack {e['id'].lower()}" for t in mine for e in theirs]
    lines += [f"{t['id']} move {_towards(t, theirs)}" for t in mine if theirs]
    return "\n".join(lines)


def _towards(token: dict[str, Any], enemies: list[dict[str, Any]]) -> str:
    here = parse_square(token["at"])
    there = min((parse_square(e["at"]) for e in enemies), key=lambda sq: distance(here, sq))
    step = Square(here.col + _sign(there.col - here.col), here.row + _sign(there.row - here.row))
    return step.name


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


def _play(cast: Cast, battle: Battle) -> None:
    for _ in range(80):
        battle.refresh_from_db()
        turn = battle.open_turn()
        if battle.status != Battle.Status.ACTIVE or turn is None:
            return
        player = cast.red if turn.side == "Red" else cast.blue
        submit_activation(battle, player, _activation(battle, turn.side))


def _action_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"token": action.token, "do": action.kind.value}
    if action.path:
        data["path"] = [square.name for square in action.path]
    if action.target:
        data["target"] = action.target
    if action.power:
        data["power"] = action.power.value
    return data


def _next_tokens(placed: list[dict[str, Any]], out: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The command line's output tokens as its next input: the placed tokens' powers and
    their characters' bonuses, where each token and character now is."""
    characters = {t["character"]["name"]: t["character"] for t in placed if t["character"]}
    return [
        {**start, "at": now["at"], "hp": now["hp"], "att": now["att"], "fallen": now["fallen"],
         "veteran": now["veteran"], "character": characters.get(now["character"])}
        for start, now in zip(placed, out, strict=True)
    ]  # fmt: skip


def _command_line(battle: Battle) -> dict[str, Any]:
    """Each side-turn the web processed, through the command line with the web's dice."""
    document = replay_document(battle)
    placed = document["tokens"]
    tokens, answer = placed, {}
    for turn in battle.turns.filter(status="done").order_by("number"):
        mine = [t["id"] for t in tokens if t["side"] == turn.side]
        actions = [_action_json(a) for a in parse_activation(turn.text, mine).actions]
        dice = [r.value for r in battle.rolls.filter(turn=turn.number).order_by("number")]
        line = {"grid": document["grid"], "options": document["options"], "tokens": tokens}
        line |= {"side": turn.side.upper(), "actions": actions, "dice": dice}
        answer = battle_line(json.dumps(line))
        assert "error" not in answer, answer
        assert answer["dice_used"] == len(dice)
        tokens = _next_tokens(placed, answer["tokens"])
    return answer


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("sight", [None, 2])
def test_the_web_and_the_command_line_end_on_the_same_board(
    cast: Cast, options: dict[str, bool], sight: int | None
) -> None:
    battle = _battle(cast, options, sight)
    _play(cast, battle)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.FINISHED
    answer = _command_line(battle)
    keys = ("id", "side", "at", "hp", "att", "fallen", "veteran", "character")
    assert [tuple(t[k] for k in keys) for t in answer["tokens"]] == [
        tuple(t[k] for k in keys) for t in battle.position
    ]
    assert answer["winner"] == battle.winner
    if options["veterans"]:
        assert any(t["veteran"] for t in answer["tokens"])


def test_the_command_line_refuses_too_few_dice_for_after_combat_healing() -> None:
    line = {
        "grid": {"width": 4, "height": 4},
        "options": {"after_combat_healing": True},
        "tokens": [
            {"id": "R1", "side": "red", "at": "a1", "att": 9, "def": 3, "spd": 3, "hp": 3,
             "max_hp": 3},
            {"id": "R2", "side": "red", "at": "c3", "att": 1, "def": 3, "spd": 3, "hp": 3,
             "max_hp": 3, "powers": {"heal": True}},
            {"id": "R3", "side": "red", "at": "d4", "att": 1, "def": 3, "spd": 3, "hp": 0,
             "max_hp": 3, "fallen": True},
            {"id": "B1", "side": "blue", "at": "a2", "att": 3, "def": 3, "spd": 3, "hp": 1,
             "max_hp": 3},
        ],
        "side": "RED",
        "actions": [{"token": "r1", "do": "attack", "target": "b1"}],
        "dice": [6, 1],
    }  # fmt: skip
    assert "after-combat healing needs 1" in battle_line(json.dumps(line))["error"]
    answer = battle_line(json.dumps(line | {"dice": [6, 1, 6]}))
    assert answer["saved"] == ["R3"] and answer["dice_used"] == 3 and answer["winner"] == "red"
