"""A small fogged battle and its records, for the picture tests."""

from __future__ import annotations

from adjudication.battle.fog import Fog
from adjudication.battle.knowledge import game_master_record, side_record
from adjudication.battle.model import Character
from tests.battle.helpers import act, attack, battle, charge, move, token

FOG = Fog(sight=2)
TITLE = "Skirmish at the ford"


def skirmish(far_orc_at: str = "j9", far_orc_hp: int = 4):
    return battle(
        token("Knight-1", "red", "b2", hp=5, character=Character("Aldo", 1, 1)),
        token("Archers-1", "red", "b4", range=3, att=2),
        token("Orc-1", "blue", "e3", hp=9),
        token("Orc-2", "blue", "g6", hp=4),
        token("Orc-3", "blue", far_orc_at, hp=far_orc_hp, max_hp=9),
        terrain={"c3": "trees", "d4": "hill", "e2": "water", "f5": "mountain", "h8": "trees"},
        width=10,
        height=10,
    )


def records(far_orc_at: str = "j9", far_orc_hp: int = 4, far_path: tuple[str, ...] = ()):
    """Red's record and the game master's after red's turn and then blue's."""
    start = skirmish(far_orc_at, far_orc_hp)
    first = side_record("red", start, None, FOG, 1)
    red = act(
        start, "red", move("Archers-1", "b5"), charge("Knight-1", "c2", "d2", "Orc-1"), dice=(5, 2)
    )
    second = side_record("red", start, red, FOG, 2, first)
    orders = [attack("Orc-1", "Knight-1"), move("Orc-2", "g7")]
    if far_path:
        orders.append(move("Orc-3", *far_path))
    blue = act(red.battle, "blue", *orders, dice=(3, 3))
    third = side_record("red", red.battle, blue, FOG, 3, second)
    return third, game_master_record(blue.battle, 3, blue)
