"""Reading orders as players type them (syntax only; see validation.py).

Accepted: abbreviations or full names in any case; ``-``, ``->``, ``to``;
``H``/``hold``/``holds``; ``S``/``supports``; ``C``/``convoys``;
``R``/``retreat``; ``D``/``disband``/``remove``; ``B``/``build``; ``waive``;
``via convoy`` / ``VIA``; coasts as ``spa/sc``, ``Spa(sc)``, ``spa sc`` or
``Spain south coast``.  A line that cannot be read raises :class:`ParseError`
naming the word it could not read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NoReturn

from adjudication.mapgraph import MapGraph, load_map, normalise_name
from adjudication.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from adjudication.types import UnitType


class ParseError(ValueError):
    """An order line that cannot be read; the message names the word."""


_TOKEN = re.compile(r"->|=>|[-/()\u2013\u2192]|[^\s\-/()>\u2013\u2192]+")
_MID_ATLANTIC = re.compile(r"mid-atlantic", re.IGNORECASE)
_MOVE_MARKS = {"->": "-", "=>": "-", "\u2013": "-", "\u2192": "-"}
_PUNCTUATION = frozenset({"-", "/", "(", ")"})

UNIT_TYPE_WORDS = {
    "a": UnitType.ARMY,
    "army": UnitType.ARMY,
    "f": UnitType.FLEET,
    "fleet": UnitType.FLEET,
}
HOLD_WORDS = frozenset({"h", "hold", "holds", "stand", "stands"})
MOVE_WORDS = frozenset({"-", "to", "m", "move", "moves", "attack", "attacks"})
SUPPORT_WORDS = frozenset({"s", "support", "supports"})
CONVOY_WORDS = frozenset({"c", "convoy", "convoys"})
RETREAT_WORDS = frozenset({"r", "retreat", "retreats"})
DISBAND_WORDS = frozenset({"d", "disband", "disbands", "remove", "removes"})
BUILD_WORDS = frozenset({"b", "build", "builds"})
WAIVE_WORDS = frozenset({"waive", "waives"})
VIA_WORDS = frozenset({"via", "by"})
COASTS = {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC"}
COAST_WORDS = {"north": "NC", "south": "SC", "east": "EC", "west": "WC"}
_LONGEST_NAME = 4  # words: "North Atlantic Ocean", "Gulf of Lyon"
# Words no province name contains: a name ends before one, so "A Ruh R Bel"
# is Ruhr retreating to Belgium, not a province called "Ruh R".
_NAME_ENDS = _PUNCTUATION.union(
    UNIT_TYPE_WORDS,
    HOLD_WORDS,
    MOVE_WORDS,
    SUPPORT_WORDS,
    CONVOY_WORDS,
    RETREAT_WORDS,
    DISBAND_WORDS,
    BUILD_WORDS,
    WAIVE_WORDS,
    VIA_WORDS,
)


@lru_cache(maxsize=1 << 16)
def parse_order(text: str, graph: MapGraph | None = None) -> Order:
    """One order line -> an order; raises ParseError naming the unreadable word.

    A pure function of its arguments, so answers are remembered: order lines
    repeat a great deal and parsing is on the engine's hot path.  The same
    text gives the very same (immutable) order object.
    """
    graph = graph or load_map()
    return _canonical(text, graph) or _Reader(text, graph).order()


_KIND_LETTERS = {"A": UnitType.ARMY, "F": UnitType.FLEET}


def _canonical(text: str, graph: MapGraph) -> Order | None:
    """The order, if ``text`` is in the exact notation of docs/datc-format.md.

    Most lines the command line reads are ("A PAR - BUR", "F NTH C A LON -
    BEL"), and reading them word by word is several times quicker than the
    full reader, which gives the same order for them (tests/engine check
    this) and takes over for anything else.
    """
    words = text.split(" ")
    size = len(words)
    if size < 3 or words[0] not in _KIND_LETTERS or not _is_location(words[1], graph):
        return None
    kind, location, action = _KIND_LETTERS[words[0]], words[1], words[2]
    if action == "H" and size == 3:
        return Hold(kind, location)
    if action == "-":
        if size == 4 and _is_location(words[3], graph):
            return Move(kind, location, words[3])
        if size == 5 and words[4] == "VIA" and _is_location(words[3], graph):
            return Move(kind, location, words[3], True)
        return None
    if action not in ("S", "C") or size not in (5, 7) or words[3] not in _KIND_LETTERS:
        return None
    other_kind, other = _KIND_LETTERS[words[3]], words[4]
    if not _is_location(other, graph):
        return None
    if size == 5:
        return SupportHold(kind, location, other_kind, other) if action == "S" else None
    if words[5] != "-" or not _is_location(words[6], graph):
        return None
    if action == "S":
        return SupportMove(kind, location, other_kind, other, words[6])
    return Convoy(kind, location, other, words[6], other_kind)


def _is_location(word: str, graph: MapGraph) -> bool:
    """A province code, or a split-coast fleet location, in upper case."""
    if word in graph.provinces:
        return True
    province = word[:3]
    return (
        len(word) == 6
        and word[3] == "/"
        and province in graph.provinces
        and word in graph.fleet_locations(province)
    )


def parse_location(text: str, graph: MapGraph | None = None) -> str:
    """A province or coast as typed ("Spain north coast", "spa/nc") -> "SPA/NC";
    raises ParseError naming the unreadable word."""
    reader = _Reader(text, graph or load_map())
    location = reader.location()
    reader.end()
    return location


@lru_cache(maxsize=1 << 12)
def _key(word: str) -> str:
    word = _MOVE_MARKS.get(word, word)
    return word if word in _PUNCTUATION else normalise_name(word)


class _Reader:
    def __init__(self, text: str, graph: MapGraph) -> None:
        self.text = text
        self.graph = graph
        # "Mid-Atlantic" is the one name with a hyphen; elsewhere "-" is a move.
        spaced = _MID_ATLANTIC.sub("Mid Atlantic", text)
        read = [(word, _key(word)) for word in _TOKEN.findall(spaced)]
        self.words = [word for word, key in read if key]
        self.keys = [key for _, key in read if key]
        self.at = 0

    def peek(self, ahead: int = 0) -> str:
        index = self.at + ahead
        return self.keys[index] if index < len(self.keys) else ""

    def take(self) -> str:
        key = self.peek()
        self.at += 1
        return key

    def fail(self, reason: str) -> NoReturn:
        if self.at < len(self.words):
            raise ParseError(f'could not read "{self.words[self.at]}": {reason}')
        raise ParseError(f'could not read "{self.text.strip()}": {reason}')

    def end(self) -> None:
        while self.peek() == ")":
            self.take()
        if self.at < len(self.words):
            self.fail("unexpected word")

    def order(self) -> Order:
        if not self.words:
            raise ParseError("could not read an empty order")
        lead = self.peek()
        if lead in WAIVE_WORDS:
            self.take()
            self.end()
            return Waive()
        if lead in BUILD_WORDS and lead != "b":
            return self.leading_build()
        if lead in DISBAND_WORDS and lead != "d":
            self.take()
            kind, location = self.unit()
            self.end()
            return Disband(kind, location)
        kind, location = self.unit()
        return self.action(kind, location)

    def leading_build(self) -> Order:
        self.take()
        kind, location = self.unit()
        if kind is None:
            self.fail("a build must say army or fleet")
        self.end()
        return Build(kind, location)

    def action(self, kind: UnitType | None, location: str) -> Order:
        if not self.peek():
            self.fail("no order given (H, -, S, C, R, D or B)")
        word = self.take()
        if word in HOLD_WORDS:
            self.end()
            return Hold(kind, location)
        if word in MOVE_WORDS:
            return self.move(kind, location)
        if word in SUPPORT_WORDS:
            return self.support(kind, location)
        if word in CONVOY_WORDS:
            return self.convoy(kind, location)
        return self.short_action(word, kind, location)

    def short_action(self, word: str, kind: UnitType | None, location: str) -> Order:
        if word in RETREAT_WORDS:
            if self.peek() in MOVE_WORDS:
                self.take()
                target = self.location()
                self.end()
                return Retreat(kind, location, target)
            target = self.location()
            self.end()
            return Retreat(kind, location, target)
        if word in DISBAND_WORDS:
            self.end()
            return Disband(kind, location)
        if word in BUILD_WORDS:
            if kind is None:
                self.fail("a build must say army or fleet")
            self.end()
            return Build(kind, location)
        self.at -= 1
        self.fail("expected an order (H, -, S, C, R, D or B)")

    def move(self, kind: UnitType | None, location: str) -> Order:
        target = self.location()
        via = self.via()
        self.end()
        return Move(kind, location, target, via)

    def via(self) -> bool:
        if self.peek() == "(" and self.peek(1) in VIA_WORDS:
            self.take()
        if self.peek() not in VIA_WORDS:
            return False
        self.take()
        if self.peek() in CONVOY_WORDS:
            self.take()
        return True

    def support(self, kind: UnitType | None, location: str) -> Order:
        supported_kind, supported = self.unit()
        if self.peek() in MOVE_WORDS:
            self.take()
            target = self.location()
            self.end()
            return SupportMove(kind, location, supported_kind, supported, target)
        if self.peek() in HOLD_WORDS:
            self.take()
        self.end()
        return SupportHold(kind, location, supported_kind, supported)

    def convoy(self, kind: UnitType | None, location: str) -> Order:
        convoyed_kind, army_from = self.unit()
        if self.peek() not in MOVE_WORDS:
            self.fail('expected "-" and the destination of the convoyed army')
        self.take()
        army_to = self.location()
        self.via()
        self.end()
        return Convoy(kind, location, army_from, army_to, convoyed_kind)

    def unit(self) -> tuple[UnitType | None, str]:
        kind = UNIT_TYPE_WORDS.get(self.peek())
        if kind is not None:
            self.take()
        return kind, self.location()

    def location(self) -> str:
        if self.at >= len(self.words):
            self.fail("expected a province")
        run: list[str] = []  # words a name could be made of: up to punctuation or an order word
        for key in self.keys[self.at : self.at + _LONGEST_NAME]:
            if key in _NAME_ENDS:
                break
            run.append(key)
        for size in range(len(run), 0, -1):  # the longest name first
            code = self.graph.names.get("".join(run[:size]))
            if code is not None:
                self.at += size
                return self.with_coast(code)
        self.fail("not a province")

    def with_coast(self, code: str) -> str:
        offset = 1 if self.peek() in ("/", "(") else 0
        coast = COASTS.get(self.peek(offset))
        size = 1
        if coast is None and self.peek(offset) in COAST_WORDS and self.peek(offset + 1) == "coast":
            coast, size = COAST_WORDS[self.peek(offset)], 2
        if coast is None:
            if offset and self.peek() == "/":
                self.take()
                self.fail("not a coast")
            return code
        self.at += offset + size
        if offset and self.peek() == ")":
            self.take()
        return f"{code}/{coast}"
