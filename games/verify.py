"""Re-adjudicate a game's stored history and prove it identical to what is stored.

From the first phase on, each adjudicated phase is played again through the
same rules gateway the worker uses (games/gateway.py), with the orders stored for it and the
records this replay computed for the phase before. Every stored outcome,
knowledge record and the position of each following phase must equal the
replay's, and each record's map must draw to the same PNG bytes. The first
difference is reported with where it lies; nothing is written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games import gateway
from games.maps_adapter import record_png
from games.models import Game, KnowledgeRecord, Phase

Json = dict[str, Any]


@dataclass(frozen=True)
class Difference:
    """Where the stored history and the replay part, in words."""

    where: str
    path: str
    stored: Any
    replayed: Any

    def __str__(self) -> str:
        return (
            f"{self.where}, at {self.path or 'the top'}: "
            f"stored {_short(self.stored)}, replay gives {_short(self.replayed)}"
        )


@dataclass(frozen=True)
class Verified:
    """What was compared, and the first difference (None: all identical)."""

    phases: int
    records: int
    maps: int
    difference: Difference | None = None

    @property
    def identical(self) -> bool:
        return self.difference is None


class VerifyError(Exception):
    """The game cannot be verified at all (no such game, never started)."""


def verify_game(game_id: int, maps: bool = True) -> Verified:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise VerifyError(f"There is no game {game_id}.")
    phases = list(game.phases.order_by("ordinal"))
    if not phases:
        raise VerifyError(f"Game {game_id} has not started: it has no history to verify.")
    return _Replay(game, maps).run(phases)


class _Replay:
    def __init__(self, game: Game, maps: bool) -> None:
        self.game = game
        self.maps = maps
        self.stored = _stored_records(game)
        self.counts = {"phases": 0, "records": 0, "maps": 0}

    def run(self, phases: list[Phase]) -> Verified:
        opening = gateway.opening_records(self.game.preset, phases[0].position)
        difference = self.compare_records(0, "the opening records", opening)
        previous = opening
        for phase, following in zip(phases, [*phases[1:], None], strict=True):
            if difference is not None or phase.status != Phase.Status.DONE:
                break
            difference, previous = self.replay(phase, following, previous)
        return Verified(**self.counts, difference=difference)

    def replay(
        self, phase: Phase, following: Phase | None, previous: dict[str, Json]
    ) -> tuple[Difference | None, dict[str, Json]]:
        sheets = list(phase.order_sheets.all())
        orders = {sheet.power: list(sheet.parsed) for sheet in sheets}
        extras = {sheet.power: dict(sheet.extras) for sheet in sheets if sheet.extras}
        before = {key: record for key, record in previous.items() if key}
        result = gateway.run_phase(self.game.preset, phase.position, orders, before, extras)
        self.counts["phases"] += 1
        difference = first_difference(f"{phase.name} outcome", phase.outcome, result.outcome)
        difference = difference or self.compare_records(
            phase.ordinal, f"{phase.name} records", result.records
        )
        if difference is None and following is not None:
            where = f"{following.name} position (after {phase.name})"
            difference = first_difference(where, following.position, result.next_position)
        return difference, result.records

    def compare_records(
        self, ordinal: int, where: str, replayed: dict[str, Json]
    ) -> Difference | None:
        stored = self.stored.get(ordinal, {})
        if sorted(stored) != sorted(replayed):
            return Difference(where, "the powers with a record", sorted(stored), sorted(replayed))
        for power in sorted(replayed):
            label = f"{where}, {power or 'game master'}"
            difference = first_difference(label, stored[power], replayed[power])
            difference = difference or self.compare_map(label, stored[power], replayed[power])
            if difference is not None:
                return difference
            self.counts["records"] += 1
        return None

    def compare_map(self, where: str, stored: Json, replayed: Json) -> Difference | None:
        if not self.maps:
            return None
        self.counts["maps"] += 1
        stored_png = record_png(stored, self.game.name)
        replayed_png = record_png(_plain(replayed), self.game.name)
        if stored_png == replayed_png:
            return None
        stored_words, replayed_words = _png_words(stored_png), _png_words(replayed_png)
        return Difference(f"{where} map", "the PNG bytes", stored_words, replayed_words)


def _stored_records(game: Game) -> dict[int, dict[str, Json]]:
    stored: dict[int, dict[str, Json]] = {}
    # What adjudication wrote: revision 0 (a board edit's revisions are not replayed).
    for row in KnowledgeRecord.objects.filter(game=game, revision=0).order_by("ordinal", "power"):
        stored.setdefault(row.ordinal, {})[row.power] = row.data
    return stored


def first_difference(where: str, stored: Any, replayed: Any) -> Difference | None:
    """The first place two JSON values differ, as the database would store them."""
    for path, left, right in _differences(_plain(stored), _plain(replayed), ""):
        return Difference(where, path, left, right)
    return None


def _differences(stored: Any, replayed: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed), key=str):
            if key not in stored or key not in replayed:
                missing = f"{path}.{key}".lstrip(".")
                yield missing, stored.get(key, "nothing"), replayed.get(key, "nothing")
                return
            yield from _differences(stored[key], replayed[key], f"{path}.{key}")
    elif isinstance(stored, list) and isinstance(replayed, list) and len(stored) == len(replayed):
        for index, (left, right) in enumerate(zip(stored, replayed, strict=True)):
            yield from _differences(left, right, f"{path}[{index}]")
    elif stored != replayed:
        yield path.lstrip("."), stored, replayed


def _plain(value: Any) -> Any:
    """JSON as stored: tuples become lists, keys strings."""
    return json.loads(json.dumps(value))


def _short(value: Any) -> str:
    text = json.dumps(value, sort_keys=True) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _png_words(picture: bytes) -> str:
    return f"{len(picture)} bytes, sha256 {hashlib.sha256(picture).hexdigest()[:16]}"
