"""A battle's replay document, read and re-played: what anyone can check once the seed is shown.

The document (JSON; the server gives it at ``/battles/<id>/replay.json``):
``seed`` (hex; null until the battle is over), ``commitment`` (its SHA-256),
``grid`` {``width``, ``height``, ``terrain`` {square: kind}}, ``options``
{``flanking``, ``after_combat_healing``, ``veterans``, ``sight``}, ``sides``
(in set-up order: the roll-off order, ruling B9), ``tokens`` (as placed: ``id``,
``side``, ``at``, ``att``, ``def``, ``spd``, ``hp``, ``max_hp``, ``range``,
``heal``, ``character``, ``character_att``, ``character_def``), ``turns``
(``number``, ``side``, ``text``: the activation in the notation), ``edits``
(``after_turn``, ``token``, ``at``, ``hp``: the game master's board edits) and
``overrides`` {roll number: face}.
"""

from __future__ import annotations

from typing import Any

from adjudication.battle.model import Battle, Character, Grid, Options, Powers, Terrain, Token
from adjudication.battle.notation import parse_activation
from adjudication.battle.replay import Edit, Event, Played, Turn, play
from adjudication.battle.squares import Square, parse_square

OFF_BOARD = Square(-1, -1)  # where a fallen token "stands"


def position_token(data: dict[str, Any]) -> Token:
    """A token from its JSON (a fallen token's ``at`` is null)."""
    name = data.get("character")
    character = Character(name, data["character_att"], data["character_def"]) if name else None
    return Token(
        id=data["id"], side=data["side"],
        at=parse_square(data["at"]) if data["at"] else OFF_BOARD,
        att=data["att"], defence=data["def"], spd=data["spd"], hp=data["hp"],
        max_hp=data["max_hp"], powers=Powers(data["range"], data["heal"]),
        character=character, fallen=data.get("fallen", False),
        veteran=data.get("veteran", False),
    )  # fmt: skip


def start_of(document: dict[str, Any]) -> Battle:
    grid = document["grid"]
    terrain = {parse_square(name): Terrain(kind) for name, kind in grid["terrain"].items()}
    options = document["options"]
    return Battle(
        Grid(grid["width"], grid["height"], terrain),
        tuple(position_token(data) for data in document["tokens"]),
        Options(
            options["flanking"], options["after_combat_healing"], options["veterans"],
            options["sight"],
        ),
    )  # fmt: skip


def events_of(document: dict[str, Any], start: Battle) -> list[Event]:
    """The side-turns in order, each board edit after the turn it followed (0: before any)."""
    edits = sorted(document["edits"], key=lambda edit: int(edit["after_turn"]))
    events: list[Event] = [_edit(e) for e in edits if int(e["after_turn"]) == 0]
    for turn in sorted(document["turns"], key=lambda turn: int(turn["number"])):
        events.append(_turn(start, turn["side"], turn["text"]))
        events.extend(_edit(e) for e in edits if int(e["after_turn"]) == int(turn["number"]))
    return events


def _turn(start: Battle, side: str, text: str) -> Turn:
    """A side-turn as the rules read it when it was processed (unreadable lines left out)."""
    mine = [t.id for t in start.tokens if t.side == side]
    return Turn(side, parse_activation(text, mine).actions)


def _edit(data: dict[str, Any]) -> Edit:
    return Edit(data["token"], parse_square(data["at"]), int(data["hp"]))


def play_document(document: dict[str, Any], overrides: dict[int, int] | None = None) -> Played:
    """The whole battle from its document (``overrides`` instead of the document's, if given)."""
    if not document.get("seed"):
        raise ValueError("the seed is not shown yet: the battle can be re-played once it is over")
    start = start_of(document)
    fixed = {int(n): int(f) for n, f in document["overrides"].items()}
    events = events_of(document, start)
    sides = document["sides"]
    return play(start, document["seed"], events, fixed if overrides is None else overrides, sides)
