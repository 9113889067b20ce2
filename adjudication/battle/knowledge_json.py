"""A side's record as plain JSON, and back: sorted, so the same knowledge gives the same bytes.

{"side": "red", "turn": 3, "winner": null,
 "grid": {"width": 8, "height": 6, "terrain": {"c3": "trees"}},
 "sees": ["a1", "a2", ...],
 "tokens": [{"id": "R1", "side": "red", "at": "b2", "hp": 3, "max_hp": 3,
             "att": 3, "def": 3, "spd": 3, "range": 0, "heal": false,
             "character": null}],
 "ghosts": [{"token": {...}, "turn": 2}],
 "events": [{"kind": "charge", "side": "red", "token": "R1", "path": ["b2", "c3"],
             "target": "B1", "target_at": "d3", "dice": [5, 2],
             "attack": 9, "defence": 5, "damage": 4, "fell": true,
             "attack_terms": [["ATT", 3], ["charge", 1]], "defence_terms": [["DEF", 3]]}]}

A combat's terms are those the side may know (`knowledge.known_terms`); a
record stored before they were kept reads with none.
"""

from __future__ import annotations

from typing import Any

from adjudication.battle.knowledge import Event, Ghost, Seen, SideRecord
from adjudication.battle.model import Grid, Terrain
from adjudication.battle.squares import Square, parse_square


def record_json(record: SideRecord) -> dict[str, Any]:
    grid = record.grid
    return {
        "side": record.side,
        "turn": record.turn,
        "winner": record.winner,
        "sides": list(record.sides),
        "grid": {
            "width": grid.width,
            "height": grid.height,
            "terrain": {sq.name: kind.value for sq, kind in sorted(grid.terrain.items())},
        },
        "sees": [sq.name for sq in sorted(record.sees)],
        "tokens": [_seen_json(t) for t in record.tokens],
        "ghosts": [{"token": _seen_json(g.token), "turn": g.turn} for g in record.ghosts],
        "events": [_event_json(e) for e in record.events],
    }


def _seen_json(token: Seen) -> dict[str, Any]:
    return {
        "id": token.id, "side": token.side, "at": token.at.name, "hp": token.hp,
        "max_hp": token.max_hp, "att": token.att, "def": token.defence, "spd": token.spd,
        "range": token.range, "heal": token.heal, "character": token.character,
    }  # fmt: skip


def _event_json(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind, "side": event.side, "token": event.token,
        "path": [sq.name for sq in event.path], "target": event.target,
        "target_at": event.target_at.name if event.target_at else None,
        "dice": list(event.dice) if event.dice else None, "attack": event.attack,
        "defence": event.defence, "damage": event.damage, "fell": event.fell,
        "attack_terms": [list(term) for term in event.attack_terms],
        "defence_terms": [list(term) for term in event.defence_terms],
    }  # fmt: skip


def record_from_json(data: dict[str, Any]) -> SideRecord:
    grid = data["grid"]
    terrain = {parse_square(sq): Terrain(kind) for sq, kind in grid["terrain"].items()}
    return SideRecord(
        side=data["side"],
        turn=data["turn"],
        grid=Grid(grid["width"], grid["height"], terrain),
        sees=frozenset(parse_square(sq) for sq in data["sees"]),
        tokens=tuple(_seen(t) for t in data["tokens"]),
        ghosts=tuple(Ghost(_seen(g["token"]), g["turn"]) for g in data["ghosts"]),
        events=tuple(_event(e) for e in data["events"]),
        winner=data["winner"],
        sides=tuple(data["sides"]),
    )


def _seen(data: dict[str, Any]) -> Seen:
    return Seen(
        data["id"], data["side"], parse_square(data["at"]), data["hp"], data["max_hp"],
        data["att"], data["def"], data["spd"], data["range"], data["heal"], data["character"],
    )  # fmt: skip


def _square(name: str | None) -> Square | None:
    return parse_square(name) if name else None


def _event(data: dict[str, Any]) -> Event:
    dice = data["dice"]
    return Event(
        kind=data["kind"],
        side=data["side"],
        token=data["token"],
        path=tuple(parse_square(sq) for sq in data["path"]),
        target=data["target"],
        target_at=_square(data["target_at"]),
        dice=(dice[0], dice[1]) if dice else None,
        attack=data["attack"],
        defence=data["defence"],
        damage=data["damage"],
        fell=data["fell"],
        attack_terms=_terms(data.get("attack_terms", [])),
        defence_terms=_terms(data.get("defence_terms", [])),
    )


def _terms(data: list[list[Any]]) -> tuple[tuple[str, int], ...]:
    return tuple((str(name), int(value)) for name, value in data)
