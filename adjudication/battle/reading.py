"""Reading a battle and an activation from plain JSON data (BATTLE-CLI.md's input).

Every error is a `FieldError` naming the field, e.g. ``tokens[2].hp: must be
a whole number from 0 up``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from adjudication.battle.actions import Action, Kind, Power
from adjudication.battle.fog import DEFAULT_SIGHT
from adjudication.battle.model import Battle, Character, Grid, Options, Powers, Terrain, Token
from adjudication.battle.squares import Square, SquareError, parse_square

MAX_WIDTH = 26  # the command line's squares are one letter wide
OPTION_NAMES = ("flanking", "after_combat_healing", "veterans")
T = TypeVar("T")


class FieldError(ValueError):
    """Input that cannot be read; the message starts with the field's name."""


def field(data: Any, name: str, where: str, check: Callable[[Any, str], T]) -> T:
    if not isinstance(data, dict):
        raise FieldError(f"{where or 'the line'}: must be an object")
    if name not in data:
        raise FieldError(f'{where}: missing field "{name}"' if where else f'missing field "{name}"')
    return check(data[name], f"{where}.{name}" if where else name)


def whole(value: Any, where: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise FieldError(f"{where}: must be a whole number from {low} up")
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldError(f"{where}: must be a non-empty string")
    return value


def square(value: Any, where: str) -> Square:
    try:
        return parse_square(value)
    except SquareError as error:
        raise FieldError(f"{where}: {error}") from None


def listed(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise FieldError(f"{where}: must be a list")
    return value


def read_grid(value: Any, where: str = "grid") -> Grid:
    width = field(value, "width", where, whole)
    height = field(value, "height", where, whole)
    if not 1 <= width <= MAX_WIDTH or height < 1:
        raise FieldError(f"{where}: must be 1 to {MAX_WIDTH} columns wide and at least 1 row high")
    terrain = value.get("terrain", {})
    if not isinstance(terrain, dict):
        raise FieldError(f"{where}.terrain: must map squares to terrain")
    grid = Grid(width, height, {})
    kinds = {}
    for name, kind in terrain.items():
        at = square(name, f"{where}.terrain")
        if not grid.contains(at):
            raise FieldError(f"{where}.terrain: {name} is off the grid")
        kinds[at] = _terrain(kind, f"{where}.terrain.{name}")
    return Grid(width, height, kinds)


def _terrain(value: Any, where: str) -> Terrain:
    try:
        return Terrain(value)
    except ValueError:
        names = ", ".join(t.value for t in Terrain)
        raise FieldError(f"{where}: {value!r} is not a terrain ({names})") from None


def read_options(value: Any, where: str = "options") -> Options:
    if not isinstance(value, dict):
        raise FieldError(f"{where}: must be an object of switches")
    switches: dict[str, Any] = {}
    for name, switch in value.items():
        if name == "fog":
            switches["sight"] = _fog(switch, f"{where}.fog")
        elif name not in OPTION_NAMES:
            known = ", ".join([*OPTION_NAMES, "fog"])
            raise FieldError(f"{where}.{name}: unknown option (known: {known})")
        elif not isinstance(switch, bool):
            raise FieldError(f"{where}.{name}: must be true or false")
        else:
            switches[name] = switch
    return Options(**switches)


def _fog(value: Any, where: str) -> int | None:
    """``false``/null: no fog; ``true``: tokens see 3 squares; a number: they see that many."""
    if value is None or value is False:
        return None
    if value is True:
        return DEFAULT_SIGHT
    return whole(value, where, low=1)


def read_token(value: Any, where: str) -> Token:
    fallen = (value.get("fallen") or False) if isinstance(value, dict) else False
    if not isinstance(fallen, bool):
        raise FieldError(f"{where}.fallen: must be true or false")
    stats = {name: field(value, name, where, whole) for name in ("att", "def", "spd", "max_hp")}
    hp = field(value, "hp", where, whole)
    if hp > stats["max_hp"]:
        raise FieldError(f"{where}.hp: {hp} is above max_hp {stats['max_hp']}")
    at = _fallen_square(value, where) if fallen else field(value, "at", where, square)
    veteran = value.get("veteran") or False
    if not isinstance(veteran, bool):
        raise FieldError(f"{where}.veteran: must be true or false")
    return Token(
        id=field(value, "id", where, text),
        side=field(value, "side", where, text),
        at=at,
        att=stats["att"],
        defence=stats["def"],
        spd=stats["spd"],
        hp=hp,
        max_hp=stats["max_hp"],
        powers=_powers(value.get("powers") or {}, f"{where}.powers"),
        character=_character(value.get("character"), f"{where}.character"),
        fallen=fallen or hp == 0,
        veteran=veteran,
    )


def _fallen_square(value: dict[str, Any], where: str) -> Square:
    """A fallen token keeps its row; where it stood matters no more (and may be null)."""
    at = value.get("at")
    return Square(-1, -1) if at is None else square(at, f"{where}.at")


def _powers(value: Any, where: str) -> Powers:
    if not isinstance(value, dict) or set(value) - {"range", "heal"}:
        raise FieldError(f'{where}: must be like {{"range": 3}} or {{"heal": true}}')
    reach = whole(value.get("range") or 0, f"{where}.range")
    heal = value.get("heal") or False
    if not isinstance(heal, bool):
        raise FieldError(f"{where}.heal: must be true or false")
    return Powers(range=reach, heal=heal)


def _character(value: Any, where: str) -> Character | None:
    if value is None:
        return None
    name = field(value, "name", where, text)
    bonus = {key: value.get(key, 0) for key in ("att", "def")}
    for key, number in bonus.items():
        if isinstance(number, bool) or not isinstance(number, int):
            raise FieldError(f"{where}.{key}: must be a whole number")
    return Character(name, bonus["att"], bonus["def"])


def read_battle(data: Any) -> Battle:
    grid = field(data, "grid", "", read_grid)
    options = read_options(data.get("options") or {})
    raw = field(data, "tokens", "", listed)
    tokens = tuple(read_token(item, f"tokens[{i}]") for i, item in enumerate(raw))
    _check_places(grid, tokens)
    return Battle(grid, tokens, options)


def _check_places(grid: Grid, tokens: tuple[Token, ...]) -> None:
    ids: set[str] = set()
    held: dict[Square, str] = {}
    for i, token in enumerate(tokens):
        if token.id in ids:
            raise FieldError(f"tokens[{i}].id: {token.id} is used twice")
        ids.add(token.id)
        if token.fallen:
            continue
        if not grid.contains(token.at):
            raise FieldError(f"tokens[{i}].at: {token.at} is off the grid")
        if token.at in held:
            raise FieldError(f"tokens[{i}].at: {token.at} is already held by {held[token.at]}")
        held[token.at] = token.id


def read_action(value: Any, where: str) -> Action:
    token = field(value, "token", where, text)
    kind = field(value, "do", where, _kind)
    path: tuple[Square, ...] = ()
    if kind in (Kind.MOVE, Kind.CHARGE):
        steps = field(value, "path", where, listed)
        path = tuple(square(step, f"{where}.path[{i}]") for i, step in enumerate(steps))
    power = field(value, "power", where, _power) if kind is Kind.POWER else None
    target = None if kind is Kind.MOVE else field(value, "target", where, text)
    return Action(token, kind, path, target, power)


def _kind(value: Any, where: str) -> Kind:
    try:
        return Kind(value)
    except ValueError:
        raise FieldError(f"{where}: {value!r} is not move, attack, charge or power") from None


def _power(value: Any, where: str) -> Power:
    try:
        return Power(value)
    except ValueError:
        raise FieldError(f"{where}: {value!r} is not range or heal") from None


def read_dice(value: Any, where: str = "dice") -> tuple[int, ...]:
    dice = listed(value, where)
    for i, die in enumerate(dice):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise FieldError(f"{where}[{i}]: {die!r} is not a die (1 to 6)")
    return tuple(dice)
