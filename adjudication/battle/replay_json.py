"""A battle's replay document, read and re-played: what anyone can check once the seed is shown.

The document (JSON; the server gives it at ``/battles/<id>/replay.json``):
``seed`` (hex; null until the battle is over), ``commitment`` (the SHA-256 of
the seed as printed, adjudication.battle.dice), and ``grid``, ``options`` and
``tokens`` as the command line reads them (BATTLE-CLI.md: ``options``
{``flanking``, ``after_combat_healing``, ``veterans``, ``fog``}, the tokens as
placed with ``powers`` and a ``character`` object), ``sides``
(in set-up order: the roll-off order, ruling B9), ``turns``
(``number``, ``side``, ``text``: the activation in the notation), ``edits``
(``after_turn``, ``token``, ``at``, ``hp``: the game master's board edits) and
``overrides`` {roll number: face}; and ``ending`` {``by``, ``result``,
``winner``} when the battle was conceded or ended by the game master (B28).

Documents published before the options and tokens were named as on the
command line (``sight``; flat ``range``, ``heal``, ``character_att``) are read too.
"""

from __future__ import annotations

from typing import Any

from adjudication.battle.model import Battle, Character, Grid, Options, Powers, Terrain, Token
from adjudication.battle.notation import parse_activation
from adjudication.battle.reading import read_options, read_token
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


def placed_json(token: Token) -> dict[str, Any]:
    """A token as placed, as the command line reads it (BATTLE-CLI.md)."""
    character = token.character
    return {
        "id": token.id, "side": token.side, "at": token.at.name, "att": token.att,
        "def": token.defence, "spd": token.spd, "hp": token.hp, "max_hp": token.max_hp,
        "powers": {"range": token.powers.range, "heal": token.powers.heal},
        "character": (
            {"name": character.name, "att": character.att, "def": character.defence}
            if character else None
        ),
    }  # fmt: skip


def options_json(options: Options) -> dict[str, Any]:
    """The switches as the command line names them: the fog is ``fog`` (its sight, or false)."""
    return {
        "flanking": options.flanking,
        "after_combat_healing": options.after_combat_healing,
        "veterans": options.veterans,
        "fog": options.sight or False,
    }


def start_of(document: dict[str, Any]) -> Battle:
    grid = document["grid"]
    terrain = {parse_square(name): Terrain(kind) for name, kind in grid["terrain"].items()}
    tokens = document["tokens"]
    return Battle(
        Grid(grid["width"], grid["height"], terrain),
        tuple(_placed(data, f"tokens[{i}]") for i, data in enumerate(tokens)),
        _options(document["options"]),
    )


def _placed(data: dict[str, Any], where: str) -> Token:
    """A placed token, as the command line writes it or (older documents) flat."""
    return position_token(data) if "range" in data else read_token(data, where)


def _options(data: dict[str, Any]) -> Options:
    if "sight" in data:  # an older document: the fog's sight under its own name
        data = {**{k: v for k, v in data.items() if k != "sight"}, "fog": data["sight"] or False}
    return read_options(data)


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
