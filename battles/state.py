"""The battle between the database and the rules: rows and JSON to `adjudication.battle` data.

`Battle.position` holds the tokens as they stand, one JSON object each:
{"id", "side", "at", "att", "def", "spd", "hp", "max_hp", "range", "heal",
"character", "character_att", "character_def", "fallen", "veteran"}. Our own
reader rather than `adjudication.battle.reading`, which is the command
line's (26 columns at most); the web's grids go to `MAX_SIDE` squares.
"""

from __future__ import annotations

from typing import Any

from adjudication.battle.fog import Fog
from adjudication.battle.model import Battle as Board
from adjudication.battle.model import Grid, Options, Terrain, Token
from adjudication.battle.replay_json import position_token
from adjudication.battle.squares import parse_square
from battles.models import Battle, BattleToken

MAX_SIDE = 40  # squares a grid may have across and down (the issue asks for 30)


def grid_of(battle: Battle) -> Grid:
    terrain = {parse_square(name): Terrain(kind) for name, kind in battle.terrain.items()}
    return Grid(battle.width, battle.height, terrain)


def options_of(battle: Battle) -> Options:
    return Options(battle.flanking, battle.after_combat_healing, battle.veterans, battle.sight)


def fog_of(battle: Battle) -> Fog | None:
    return Fog(battle.sight) if battle.sight else None


def token_from_row(row: BattleToken) -> dict[str, Any]:
    """A placed token as position JSON, at full health."""
    return {
        "id": row.name, "side": row.side, "at": row.at, "att": row.att, "def": row.defence,
        "spd": row.spd, "hp": row.hp, "max_hp": row.hp, "range": row.range, "heal": row.heal,
        "character": row.character or None, "character_att": row.character_att,
        "character_def": row.character_def, "fallen": False, "veteran": False,
    }  # fmt: skip


def board_of(battle: Battle) -> Board:
    """The battle as it stands, for the rules."""
    tokens = tuple(position_token(data) for data in battle.position)
    return Board(grid_of(battle), tokens, options_of(battle))


def position_of(board: Board) -> list[dict[str, Any]]:
    """The rules' battle back to position JSON."""
    return [_token_json(board, token) for token in board.tokens]


def _token_json(board: Board, token: Token) -> dict[str, Any]:
    character = token.character
    return {
        "id": token.id, "side": token.side,
        "at": token.at.name if board.grid.contains(token.at) else None,
        "att": token.att, "def": token.defence, "spd": token.spd, "hp": token.hp,
        "max_hp": token.max_hp, "range": token.powers.range, "heal": token.powers.heal,
        "character": character.name if character else None,
        "character_att": character.att if character else 0,
        "character_def": character.defence if character else 0,
        "fallen": token.fallen, "veteran": token.veteran,
    }  # fmt: skip
