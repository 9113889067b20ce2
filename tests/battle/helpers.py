"""Small battles for the rules tests: tokens by keyword, terrain by square name."""

from __future__ import annotations

from adjudication.battle.actions import Action, Kind, Power
from adjudication.battle.activation import Activation, activate
from adjudication.battle.model import Battle, Character, Grid, Options, Powers, Terrain, Token
from adjudication.battle.squares import parse_square


def token(
    token_id: str,
    side: str,
    at: str,
    *,
    att: int = 3,
    defence: int = 3,
    spd: int = 3,
    hp: int = 3,
    max_hp: int | None = None,
    range: int = 0,
    heal: bool = False,
    character: Character | None = None,
) -> Token:
    return Token(
        id=token_id,
        side=side,
        at=parse_square(at),
        att=att,
        defence=defence,
        spd=spd,
        hp=hp,
        max_hp=hp if max_hp is None else max_hp,
        powers=Powers(range=range, heal=heal),
        character=character,
    )


def battle(
    *tokens: Token,
    terrain: dict[str, str] | None = None,
    width: int = 8,
    height: int = 8,
    **options: bool | int,
) -> Battle:
    kinds = {parse_square(name): Terrain(kind) for name, kind in (terrain or {}).items()}
    return Battle(Grid(width, height, kinds), tuple(tokens), Options(**options))  # type: ignore[arg-type]


def move(token_id: str, *path: str) -> Action:
    return Action(token_id, Kind.MOVE, tuple(parse_square(p) for p in path))


def attack(token_id: str, target: str) -> Action:
    return Action(token_id, Kind.ATTACK, (), target)


def charge(token_id: str, *path_then_target: str) -> Action:
    *path, target = path_then_target
    return Action(token_id, Kind.CHARGE, tuple(parse_square(p) for p in path), target)


def shoot(token_id: str, target: str) -> Action:
    return Action(token_id, Kind.POWER, (), target, Power.RANGE)


def heal(token_id: str, target: str) -> Action:
    return Action(token_id, Kind.POWER, (), target, Power.HEAL)


def act(start: Battle, side: str, *actions: Action, dice: tuple[int, ...] = ()) -> Activation:
    return activate(start, side, actions, dice)


def where(done: Activation, token_id: str) -> str:
    found = done.battle.token(token_id)
    assert found is not None
    return found.at.name


def hp(done: Activation, token_id: str) -> int:
    found = done.battle.token(token_id)
    assert found is not None
    return found.hp


def errors(done: Activation) -> list[str | None]:
    return [result.error for result in done.results]
