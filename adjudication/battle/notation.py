"""The short text notation for one side's activation, one token's action a line.

    Knight-1 move c3 d3
    Knight-1 attack Orc-2
    Knight-1 charge c3 d3 Orc-2
    Archers-1 shoot Orc-3
    Cleric heal Knight-1
    Scout-2 hold

The first word names the token, the second the action (any case), then the
squares entered (for move and charge) and the target. Blank lines and lines
starting with ``#`` are skipped. Every line that cannot be read gets its own
error naming the word, and the other lines are still read.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from adjudication.battle.actions import Action, Kind, Power
from adjudication.battle.squares import Square, SquareError, parse_square

VERBS = {
    "move": (Kind.MOVE, None),
    "attack": (Kind.ATTACK, None),
    "charge": (Kind.CHARGE, None),
    "shoot": (Kind.POWER, Power.RANGE),
    "range": (Kind.POWER, Power.RANGE),
    "heal": (Kind.POWER, Power.HEAL),
}
HOLDS = ("hold", "wait")
KNOWN = ", ".join([*VERBS, *HOLDS])


@dataclass(frozen=True)
class LineError:
    line: int  # 1-based
    word: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class Parsed:
    actions: tuple[Action, ...]
    errors: tuple[LineError, ...]


class _Bad(ValueError):
    def __init__(self, word: str, message: str) -> None:
        super().__init__(message)
        self.word = word


def parse_activation(text: str, tokens: Collection[str] | None = None) -> Parsed:
    """Every line's action, and an error for each line that cannot be read.

    With ``tokens`` (the ids the side may order), token and target names are
    matched without regard to case and the token must be one of them.
    """
    actions: list[Action] = []
    errors: list[LineError] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        try:
            action = parse_line(words, tokens)
        except _Bad as bad:
            errors.append(LineError(number, bad.word, str(bad)))
            continue
        if action is not None:
            actions.append(action)
    return Parsed(tuple(actions), tuple(errors))


def parse_line(words: list[str], tokens: Collection[str] | None = None) -> Action | None:
    """One line's words -> its action (None for hold); raises `_Bad` naming the word."""
    token = _token(words[0], tokens)
    if len(words) < 2:
        raise _Bad(words[0], f"{words[0]!r} needs an action after it ({KNOWN})")
    verb = words[1].lower()
    rest = words[2:]
    if verb in HOLDS:
        _no_more(rest, verb)
        return None
    if verb not in VERBS:
        raise _Bad(words[1], f"{words[1]!r} is not an action ({KNOWN})")
    kind, power = VERBS[verb]
    if kind is Kind.MOVE:
        return Action(token, kind, _squares(rest, verb))
    if not rest:
        raise _Bad(words[1], f"{verb} needs a target after it")
    target = rest[-1]
    if kind is Kind.CHARGE:
        return Action(token, kind, _squares(rest[:-1], verb), target, None)
    _no_more(rest[:-1], verb)
    return Action(token, kind, (), target, power)


def _token(word: str, tokens: Collection[str] | None) -> str:
    if tokens is None:
        return word
    for known in tokens:
        if known.lower() == word.lower():
            return known
    raise _Bad(word, f"{word!r} is not one of your tokens")


def _squares(words: list[str], verb: str) -> tuple[Square, ...]:
    if not words:
        raise _Bad(verb, f"{verb} needs at least one square")
    squares = []
    for word in words:
        try:
            squares.append(parse_square(word))
        except SquareError:
            raise _Bad(word, f"{word!r} is not a square (e.g. c3)") from None
    return tuple(squares)


def _no_more(words: list[str], verb: str) -> None:
    if words:
        raise _Bad(words[0], f"{words[0]!r} is one word too many after {verb}")


def format_action(action: Action) -> str:
    """An action in the notation, the way `parse_line` reads it back."""
    squares = [square.name for square in action.path]
    if action.kind is Kind.POWER:
        verb = "shoot" if action.power is Power.RANGE else "heal"
    else:
        verb = action.kind.value
    target = [action.target] if action.target else []
    return " ".join([action.token, verb, *squares, *target])
