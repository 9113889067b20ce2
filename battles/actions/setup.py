"""Setting up a grid battle: the game master's grid, terrain, sides, tokens and players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from adjudication.battle import dice
from adjudication.battle.model import Terrain
from adjudication.battle.squares import SquareError, parse_square
from battles.actions.base import battle_log, require_battle_master, require_battle_status
from battles.models import Battle, BattleSide, BattleToken
from battles.state import MAX_SIDE
from common.errors import ActionError

SETTING_UP = (Battle.Status.FORMING,)


@dataclass(frozen=True)
class Settings:
    name: str
    width: int
    height: int
    sides: tuple[str, ...]
    flanking: bool = False
    after_combat_healing: bool = False
    veterans: bool = False
    sight: int | None = None
    turn_minutes: int = 24 * 60


@transaction.atomic
def create_battle(game_master: Any, settings: Settings) -> Battle:
    """A new battle being set up; its seed is drawn now and its hash shown from now on."""
    _check_size(settings.width, settings.height)
    sides = _side_names(settings.sides)
    seed = dice.new_seed()
    battle = Battle.objects.create(
        name=settings.name, game_master=game_master, width=settings.width,
        height=settings.height, flanking=settings.flanking,
        after_combat_healing=settings.after_combat_healing, veterans=settings.veterans,
        sight=settings.sight, turn_minutes=settings.turn_minutes, seed=seed,
        commitment=dice.commitment(seed),
    )  # fmt: skip
    BattleSide.objects.bulk_create(BattleSide(battle=battle, name=side) for side in sides)
    battle_log(battle, game_master, "create battle", f"dice commitment {battle.commitment}")
    return battle


def _check_size(width: int, height: int) -> None:
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise ActionError(f"A grid is 1 to {MAX_SIDE} squares across and down.")


def _side_names(sides: tuple[str, ...]) -> list[str]:
    names = [side.strip() for side in sides if side.strip()]
    if len(names) < 2 or len({n.lower() for n in names}) != len(names):
        raise ActionError("A battle needs two or more sides, each with its own name.")
    return names


def read_terrain(text: str, width: int, height: int) -> dict[str, str]:
    """Lines like ``trees c3 c4 d4``: the terrain, then its squares; errors name each line."""
    kinds = {t.value: t for t in Terrain}
    terrain: dict[str, str] = {}
    errors: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.lower().split()
        if not words:
            continue
        if words[0] not in kinds:
            errors.append(f"line {number}: {words[0]!r} is not a terrain ({', '.join(kinds)})")
            continue
        for word in words[1:]:
            try:
                square = parse_square(word)
            except SquareError as error:
                errors.append(f"line {number}: {error}")
                continue
            if not (square.col < width and square.row < height):
                errors.append(f"line {number}: {word} is off the {width}x{height} grid")
            elif words[0] != Terrain.NORMAL.value:
                terrain[square.name] = words[0]
    if errors:
        raise ActionError("; ".join(errors))
    return terrain


def terrain_text(terrain: dict[str, str]) -> str:
    """The terrain as `read_terrain` reads it back."""
    by_kind: dict[str, list[str]] = {}
    for square, kind in sorted(terrain.items()):
        by_kind.setdefault(kind, []).append(square)
    return "\n".join(f"{kind} {' '.join(squares)}" for kind, squares in sorted(by_kind.items()))


@transaction.atomic
def set_terrain(battle: Battle, game_master: Any, text: str) -> Battle:
    require_battle_master(battle, game_master)
    require_battle_status(battle, *SETTING_UP)
    battle.terrain = read_terrain(text, battle.width, battle.height)
    battle.save(update_fields=["terrain"])
    battle_log(battle, game_master, "set terrain", f"{len(battle.terrain)} squares")
    return battle


@dataclass(frozen=True)
class Placement:
    name: str
    side: str
    at: str
    att: int
    defence: int
    spd: int
    hp: int
    range: int = 0
    heal: bool = False
    character: str = ""
    character_att: int = 0
    character_def: int = 0
    player: Any = None


@transaction.atomic
def place_token(battle: Battle, game_master: Any, placement: Placement) -> BattleToken:
    require_battle_master(battle, game_master)
    require_battle_status(battle, *SETTING_UP)
    square = check_square(battle, placement.at)
    side = next((s for s in battle.side_names() if s.casefold() == placement.side.casefold()), "")
    if not side:
        raise ActionError(f"{placement.side} is not a side of this battle.")
    if not placement.name.strip() or " " in placement.name.strip():
        raise ActionError("A token's name is one word, e.g. Knight-1.")
    if battle.tokens.filter(name__iexact=placement.name.strip()).exists():
        raise ActionError(f"There is already a token named {placement.name}.")
    if placement.hp < 1:
        raise ActionError("A token needs at least 1 HP.")
    fields = {**placement.__dict__, "name": placement.name.strip(), "side": side, "at": square}
    token = BattleToken.objects.create(battle=battle, **fields)
    battle_log(battle, game_master, "place token", f"{token.name} ({token.side}) at {square}")
    return token


def check_square(battle: Battle, name: str, ignore: str = "") -> str:
    """A square on the grid that no other standing token holds, by its name."""
    try:
        square = parse_square(name)
    except SquareError as error:
        raise ActionError(str(error)) from None
    if not (square.col < battle.width and square.row < battle.height):
        raise ActionError(f"{square.name} is off the {battle.width}x{battle.height} grid.")
    if battle.status == Battle.Status.FORMING:
        held = set(battle.tokens.exclude(name=ignore).values_list("at", flat=True))
    else:
        held = {t["at"] for t in battle.position if not t["fallen"] and t["id"] != ignore}
    if square.name in held:
        raise ActionError(f"{square.name} already holds a token.")
    return square.name


@transaction.atomic
def remove_token(battle: Battle, game_master: Any, name: str) -> None:
    require_battle_master(battle, game_master)
    require_battle_status(battle, *SETTING_UP)
    removed, _ = battle.tokens.filter(name__iexact=name).delete()
    if not removed:
        raise ActionError(f"There is no token {name}.")
    battle_log(battle, game_master, "remove token", name)


@transaction.atomic
def assign_side(battle: Battle, game_master: Any, side: str, player: Any) -> BattleSide:
    """The player who sends the side's activations (None: nobody yet)."""
    require_battle_master(battle, game_master)
    row = battle.sides.filter(name__iexact=side).first()
    if row is None:
        raise ActionError(f"{side} is not a side of this battle.")
    row.player = player
    row.save(update_fields=["player"])
    battle_log(battle, game_master, "assign side", f"{row.name}: {player or 'nobody'}")
    return row


@transaction.atomic
def assign_token(battle: Battle, game_master: Any, name: str, player: Any) -> BattleToken:
    """A player controls one token (and so plays its side); the pairing is logged."""
    require_battle_master(battle, game_master)
    token = battle.tokens.filter(name__iexact=name).first()
    if token is None:
        raise ActionError(f"There is no token {name}.")
    token.player = player
    token.save(update_fields=["player"])
    battle_log(battle, game_master, "assign token", f"{token.name}: {player or 'nobody'}")
    return token
