"""Read the text of an email into judge commands and order lines (pure: no database).

One command or order a line, in the style of the classic email judges:

    ORDERS                          optional, before the orders
    A PAR - BUR                     any other line is an order line
    READY  /  NOT READY
    PRESS [GREY] [TO] FRANCE, ENGLAND [SIGNED AS GERMANY | ANONYMOUS]
    ... the message ...
    END  (or ENDPRESS)
    STATUS  MAP  HELP  CLEAR  PHASE F1901M  WHOGAME  DIARY LIST
    DRAW  CONCEDE FRANCE  VOTE YES  VOTE NO      (draw and concession votes)
    LEAVE GAME                                   (the player's seat opens)
    ABSENT 2026-12-24 2026-12-31                 (days away, both included)
    PROCESS  EXTEND 24 HOURS  PAUSE  RESUME      (the game master)
    END BATTLE BLUE: Red withdrew at dusk        (a battle's game master, ruling B28)

Command words are read in any case. A line that is not a command is an order
line; whether it is a good order is for order entry to say. The names PRESS
TO and CONCEDE take may be of several words (a battle's side "Red Army"):
read longest first, or written in double quotes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

EVERYONE_WORDS = {"EVERYONE", "ALL"}
END_WORDS = {"END", "ENDPRESS", "END PRESS"}
ANONYMOUS = "ANONYMOUS"
END_BATTLE = "END BATTLE"
NOBODY_WORDS = {"NOBODY", "NONE", "NO ONE"}
QUOTES = '"\u201c\u201d\u00ab\u00bb'  # the marks that may enclose a name of several words
SIMPLE_WORDS = {
    "READY",
    "NOT READY",
    "STATUS",
    "MAP",
    "HELP",
    "PROCESS",
    "PAUSE",
    "RESUME",
    "DRAW",
    "VOTE YES",
    "VOTE NO",
    "LEAVE GAME",
    "LIST",
    "SUMMARY",
    "WHOGAME",
}
# Empty the standing sheet before this email's orders (njudge's CLEAR).
CLEAR_WORDS = {"CLEAR", "CLEAR ORDERS"}
SET_NAMES = {"REMINDERS": "REMINDERS", "REMINDER": "REMINDERS", "PRESS": "PRESS"}
SET_NAMES |= {"TEXT": "TEXT", "PLAIN": "TEXT", "PLAINTEXT": "TEXT"}
SET_VALUES = {"ON": "ON", "YES": "ON", "OFF": "OFF", "NO": "OFF"}
SET_HELP = (
    'could not read "{word}": write SET REMINDERS, SET PRESS or SET TEXT, then ON or OFF '
    "(or SET WAIT, SET NOWAIT, SET ABSENCE)"
)
# Leaving cannot be undone, so one stray word does not do it.
LEAVE_IN_FULL = 'could not read "LEAVE": to leave the game, write LEAVE GAME on a line of its own'
NAME_RECEIVERS = "write PRESS TO and the powers, or BROADCAST"
PRESS_OPTIONS = {"GREY": ANONYMOUS, "GRAY": ANONYMOUS, "WHITE": ""}
FAKE_REFUSED = (
    'could not use "FAKE": every receiver sees who else the press went to; '
    "write PRESS TO and the powers (ANONYMOUS or SIGNED AS where the game's press allows)"
)
NO_END = 'no "END" line after the message, so it was not sent: end it with END on a line of its own'
MAX_LINES = 300
MAX_SIGN_OFF = 4
UNITS = {
    "w": "weeks",
    "wk": "weeks",
    "week": "weeks",
    "weeks": "weeks",
    "d": "days",
    "day": "days",
    "days": "days",
    "h": "hours",
    "hr": "hours",
    "hrs": "hours",
    "hour": "hours",
    "hours": "hours",
    "m": "minutes",
    "min": "minutes",
    "mins": "minutes",
    "minute": "minutes",
    "minutes": "minutes",
}
A_TIME = "give a time like 24 hours, 2 days or 1 week"
DURATION_PART = re.compile(r"(\d+)\s*([a-z]+)")


@dataclass(frozen=True)
class Command:
    """One thing the email asks for, with the line(s) it came from."""

    word: str  # READY, STATUS, ... ; ORDER for an order line; PRESS; ORDERS
    text: str
    error: str = ""
    powers: tuple[str, ...] = ()  # PRESS: the receivers, or ("EVERYONE",)
    signed: str = ""  # PRESS: a power, ANONYMOUS, or "" for the sender's own
    body: str = ""  # PRESS: the message
    extend_by: timedelta | None = None
    unit: str = ""  # RETREATS: the unit the list is for
    days: tuple[date, date] | None = None  # ABSENT: the first and last day away


@dataclass
class Reading:
    commands: list[Command] = field(default_factory=list)

    @property
    def order_lines(self) -> list[str]:
        return [c.text for c in self.commands if c.word == "ORDER"]

    def words(self) -> set[str]:
        return {c.word for c in self.commands if not c.error}


def read_commands(
    text: str,
    powers: Sequence[str],
    starts_an_order: Callable[[str], bool] = bool,
    is_order: Callable[[str], bool] | None = None,
    talk: bool = False,
    named: str = "a power",
) -> Reading:
    """``powers`` are the game's (press names them, in capitals); ``named`` says
    what they are, in the error for a name that is none of them; ``starts_an_order(word)``
    says whether a line's first word can begin an order (a unit, a province,
    build...): a closing paragraph with no such line and no command ("Thanks,
    Jan") is taken for a sign-off and left out. ``is_order(line)`` says
    whether a whole line reads as an order: a PRESS with no END ends before
    the first such line, so the orders after it are not lost. ``talk``: the
    text answers press, and a closing paragraph is part of what is said."""
    lines = [line.strip() for line in text.splitlines()][:MAX_LINES]
    if not talk:
        lines = without_sign_off(lines, starts_an_order)
    ends_talk = is_order or (lambda line: starts_an_order(_first_word(line)))
    reading = Reading()
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line:
            continue
        if opens_press(line):
            command, index = read_press(line, lines, index, powers, ends_talk, named)
            reading.commands.append(command)
        else:
            reading.commands.append(read_line(line, powers))
    return reading


def without_sign_off(lines: list[str], starts_an_order: Callable[[str], bool]) -> list[str]:
    while lines and not lines[-1]:
        lines = lines[:-1]
    if "" not in lines:
        return lines
    cut = len(lines) - lines[::-1].index("")
    closing = lines[cut:]
    if len(closing) > MAX_SIGN_OFF or any(_may_matter(line, starts_an_order) for line in closing):
        return lines
    return lines[:cut]


def _may_matter(line: str, starts_an_order: Callable[[str], bool]) -> bool:
    return (
        read_line(line).word != "ORDER"
        or opens_press(line)
        or ends_press(line)
        or starts_an_order(_first_word(line))
    )


def _word(line: str) -> str:
    return " ".join(line.upper().replace(":", " ").split())


def _first_word(line: str) -> str:
    word = _word(line)
    return word.split()[0].strip(",.!") if word else ""


def opens_press(line: str) -> bool:
    """A line whose first word is PRESS or BROADCAST opens a block, whatever
    follows (``PRESS GREY TO FRANCE``, ``PRESS FRANCE``); not "Pressing on..."."""
    return _word(line).split()[:1] in (["PRESS"], ["BROADCAST"])


def ends_press(line: str) -> bool:
    """``END``, and the judges' ``ENDPRESS`` and ``END PRESS``."""
    return _word(line).rstrip(".!") in END_WORDS


def read_line(line: str, names: Sequence[str] = ()) -> Command:
    """One line; ``names`` (in capitals) let CONCEDE name one of several words."""
    word = _word(line).rstrip(".!")
    if word in SIMPLE_WORDS or word == "ORDERS":
        return Command(word, line)
    if word in CLEAR_WORDS:
        return Command("CLEAR", line)
    if word == "RESIGN":  # njudge's word for leaving, as explicit as LEAVE GAME
        return Command("LEAVE GAME", line)
    if word.split()[:1] in (["LIST"], ["SUMMARY"], ["WHOGAME"]):  # njudge's LIST <game> ...
        return Command(word.split()[0], line, body=line.split(None, 1)[-1].strip())
    if word.split()[:1] == ["PHASE"]:
        return read_phase(line)
    if word.split()[:1] == ["DIARY"]:  # njudge's DIARY [RECORD] <note>, LIST, READ <n>
        return Command("DIARY", line, body=line.split(None, 1)[-1].strip() if " " in word else "")
    if word.startswith("EXTEND"):
        return read_extend(line, word.removeprefix("EXTEND").strip())
    if word.startswith("ADJUST "):
        return Command("ADJUST", line, body=line.split(None, 1)[1].strip())
    if word.startswith("RETREATS "):
        return read_retreats(line)
    if word.startswith("CONCEDE"):
        return read_concede(line, word.removeprefix("CONCEDE").strip(), names)
    if word.split()[:2] == END_BATTLE.split():
        return read_end_battle(line)
    if word.startswith("LEAVE"):
        return Command("LEAVE GAME", line, error=LEAVE_IN_FULL)
    if word.startswith("VOTE"):
        return Command("VOTE", line, error='could not read "VOTE": write VOTE YES or VOTE NO')
    # A line of punctuation alone ("...", ":") has no first word at all.
    if word.split()[:1] in (["HISTORY"], ["GET"], ["SET"]):
        return read_judge_line(line, word)
    if word.startswith("ABSENT"):
        return read_absent(line, word.removeprefix("ABSENT").split())
    return Command("ORDER", line)


def read_judge_line(line: str, word: str) -> Command:
    """``HISTORY [phase]``, ``GET MAP|RECORD [phase]``, ``SET <what> ON|OFF``."""
    first, *rest = line.split()
    words = word.split()[1:]
    if words[:1] == ["MAP"] and first.upper() == "GET":
        return Command("MAP", line, body=" ".join(rest[1:]))
    if first.upper() == "HISTORY" or words[:1] == ["RECORD"]:
        return Command("HISTORY", line, body=" ".join(rest[first.upper() == "GET" :]))
    if first.upper() == "GET" and words == ["RULES"]:
        return Command("RULES", line)
    if first.upper() == "GET":
        error = 'could not read "GET": write GET MAP, GET RECORD or GET RULES'
        return Command("GET", line, error=error)
    if words[:1] in (["WAIT"], ["NOWAIT"], ["ABSENCE"]):
        return read_judge_setting(line, words)
    if words[:1] == ["DEADLINE"]:  # the game master's SET DEADLINE 2026-12-05 18:00
        return Command("SET DEADLINE", line, body=" ".join(line.split()[2:]))
    if len(words) != 2 or words[0] not in SET_NAMES or words[1] not in SET_VALUES:
        typed = next((w for w in words if w not in SET_NAMES and w not in SET_VALUES), "SET")
        return Command("SET", line, error=SET_HELP.format(word=typed))
    return Command("SET", line, body=f"{SET_NAMES[words[0]]} {SET_VALUES[words[1]]}")


def read_phase(line: str) -> Command:
    """``PHASE F1901M`` (or ``PHASE Fall 1901 movement``): the phase the orders after it are for."""
    rest = line.split(None, 1)[1].strip() if len(line.split()) > 1 else ""
    if not rest:
        return Command("PHASE", line, error='could not read "PHASE": name a phase like F1901M')
    return Command("PHASE", line, body=rest)


def read_judge_setting(line: str, words: list[str]) -> Command:
    """njudge's ``SET WAIT`` (not ready), ``SET NOWAIT`` (ready) and ``SET
    ABSENCE <first day> [TO <last day>]`` (ABSENT)."""
    if words[0] == "ABSENCE":
        days = words[1:] * 2 if len(words) == 2 else words[1:]
        return read_absent(line, days)
    if len(words) != 1:
        error = f'could not read "{words[1]}": write SET {words[0]} alone'
        return Command("SET", line, error=error)
    return Command("NOT READY" if words[0] == "WAIT" else "READY", line)


def read_absent(line: str, words: list[str]) -> Command:
    """``ABSENT 2026-12-24 2026-12-31``: the first and last day away (``TO`` between allowed)."""
    words = [word for word in words if word != "TO"]
    try:
        first, last = (date.fromisoformat(word) for word in words)
    except ValueError:
        error = 'could not read "ABSENT": write ABSENT, the first day, the last day (2026-12-24)'
        return Command("ABSENT", line, error=error)
    return Command("ABSENT", line, days=(first, last))


def read_concede(line: str, rest: str, names: Sequence[str] = ()) -> Command:
    """``CONCEDE FRANCE`` (``CONCEDE TO FRANCE`` too); whether it is a power the action says."""
    rest = rest.removeprefix("TO ").strip(QUOTES + " ")
    if rest in names:  # a name of several words: CONCEDE RED ARMY
        return Command("CONCEDE", line, powers=(rest,))
    words = rest.split()
    if len(words) != 1:
        return Command("CONCEDE", line, error='could not read "CONCEDE": name one power')
    return Command("CONCEDE", line, powers=(words[0],))


def read_end_battle(line: str) -> Command:
    """``END BATTLE BLUE: Red withdrew at dusk`` (``NOBODY`` for no winner): the
    winner as typed, and the result after the colon in the writer's own case."""
    head, _, result = line.partition(":")
    winner = " ".join(head.split()[2:]).strip(QUOTES + " ")
    if winner.upper() in NOBODY_WORDS:
        winner = ""
    return Command(END_BATTLE, line, powers=(winner,), body=result.strip())


def read_retreats(line: str) -> Command:
    """``RETREATS F Nth: Nwy if Ska empty, Edi``: the unit, then its list."""
    head, colon, entries = line.partition(":")
    unit = " ".join(head.split()[1:]).upper()
    if not colon or len(unit.split()) != 2 or unit.split()[0] not in ("A", "F"):
        error = 'could not read "RETREATS": write RETREATS, the unit (F Nth), a colon, the list'
        return Command("RETREATS", line, error=error)
    return Command("RETREATS", line, unit=unit, body=entries.strip())


def read_extend(line: str, rest: str) -> Command:
    try:
        return Command("EXTEND", line, extend_by=read_duration(rest))
    except ValueError as error:
        return Command("EXTEND", line, error=str(error))


def read_duration(text: str) -> timedelta:
    """``24 hours``, ``2d``, ``1 day 12 hours``, ``90 min``; ValueError names the bad word."""
    rest = text.lower().replace(",", " ").replace(" and ", " ")
    amounts: dict[str, int] = {}
    for number, unit in DURATION_PART.findall(rest):
        if unit not in UNITS:
            raise ValueError(f'could not read "{unit}": {A_TIME}')
        amounts[UNITS[unit]] = amounts.get(UNITS[unit], 0) + int(number)
    leftover = DURATION_PART.sub("", rest).strip()
    if leftover or not amounts:
        word = leftover.split()[0] if leftover else "EXTEND"
        raise ValueError(f'could not read "{word}": {A_TIME}')
    return timedelta(**amounts)


def read_press(
    first: str,
    lines: list[str],
    index: int,
    powers: Sequence[str],
    ends_talk: Callable[[str], bool],
    named: str = "a power",
) -> tuple[Command, int]:
    """PRESS TO <powers> [SIGNED AS <power> | ANONYMOUS], the message, then END.
    With no END the message is refused, and runs only up to the first order
    or command after it: those are read as the email's own lines."""
    end = _first(lines, index, ends_press)
    ended = end is not None
    if end is None:
        end = _first(lines, index, lambda line: _ends_message(line, ends_talk)) or len(lines)
    body = lines[index:end]
    index = end
    text = "\n".join([first, *body, lines[end] if ended else ""]).strip()
    message = "\n".join(body).strip()
    try:
        receivers, signed = read_press_header(first, powers, named)
    except ValueError as error:
        return Command("PRESS", text, error=str(error), body=message), index + ended
    if not ended:
        return Command("PRESS", text, error=NO_END, body=message), index
    return Command("PRESS", text, powers=receivers, signed=signed, body=message), index + 1


def _first(lines: list[str], start: int, wanted: Callable[[str], bool]) -> int | None:
    return next((n for n in range(start, len(lines)) if wanted(lines[n])), None)


def _ends_message(line: str, ends_talk: Callable[[str], bool]) -> bool:
    return opens_press(line) or read_line(line).word not in ("ORDER",) or ends_talk(line)


def read_press_header(
    line: str, powers: Sequence[str], named: str = "a power"
) -> tuple[tuple[str, ...], str]:
    # A comma stays a word of its own: it ends a name, so no name runs across it.
    head, *words = _word(line).replace(",", " , ").split()
    signed, words = press_options(words)
    if head == "BROADCAST":
        words = ["TO", "EVERYONE", *words]
    if words[:1] == ["TO"]:
        words = words[1:]
    if not words:
        raise ValueError(f'could not read "{line.split()[0]}": {NAME_RECEIVERS}')
    if "SIGNED" in words:
        at = words.index("SIGNED")
        signature = [word for word in words[at + 1 :] if word != ","]
        signed, words = read_signature(signature, powers), words[:at]
    elif ANONYMOUS in words:
        words.remove(ANONYMOUS)
        signed = ANONYMOUS
    return read_powers(words, powers, named), signed


def press_options(words: list[str]) -> tuple[str, list[str]]:
    """njudge's words before the receivers: GREY (unsigned, as ANONYMOUS) and
    WHITE (signed); FAKE is refused, as FogDip never shows a false list of
    receivers. The signature they give, and the words after them."""
    signed = ""
    while words and words[0] in (*PRESS_OPTIONS, "FAKE"):
        if words[0] == "FAKE":
            raise ValueError(FAKE_REFUSED)
        signed, words = PRESS_OPTIONS[words[0]], words[1:]
    return signed, words


def read_signature(words: list[str], powers: Sequence[str]) -> str:
    if words[:1] == ["AS"]:
        words = words[1:]
    if len(words) != 1 or words[0] not in (*powers, ANONYMOUS):
        typed = words[0] if words else "SIGNED"
        raise ValueError(f'could not read "{typed}": sign as a power or ANONYMOUS')
    return words[0]


def read_powers(words: list[str], powers: Sequence[str], named: str = "a power") -> tuple[str, ...]:
    """The receivers by name or, as the judges allow, by initial (E, F...); a
    name of several words is read longest first, or between double quotes."""
    initials = {power[0]: power for power in powers}
    if len(initials) == len(powers):
        words = [initials.get(word, word) if len(word) == 1 else word for word in words]
    found: list[str] = []
    at = 0
    while at < len(words):
        name, at = next_name(words, at, (*powers, *EVERYONE_WORDS), named)
        found += [name] if name else []
    if not found:
        raise ValueError('could not read "PRESS TO": name the powers, or EVERYONE')
    if EVERYONE_WORDS & set(found):
        return ("EVERYONE",)
    return tuple(dict.fromkeys(found))


def next_name(words: list[str], at: int, names: Sequence[str], named: str) -> tuple[str, int]:
    """The name that starts at ``words[at]`` ("" for a comma or AND), and where the next starts."""
    word = words[at]
    if word[0] in QUOTES:
        end = next(
            (n for n in range(at, len(words)) if _closes_quote(words, at, n)), len(words) - 1
        )
        name = " ".join(words[at : end + 1]).strip(QUOTES)
        if name not in names:
            raise ValueError(f'could not read "{name}": not {named}')
        return name, end + 1
    found = _name_at(words, at, names)
    if found:
        return found, at + len(found.split())
    if word in (",", "AND"):
        return "", at + 1
    # The unknown name runs on to where a name, a comma or AND starts: all of it is named.
    limit = _name_end(words, at)
    unknown = next(
        (n for n in range(at + 1, limit) if words[n] == "AND" or _name_at(words, n, names)), limit
    )
    raise ValueError(f'could not read "{" ".join(words[at:unknown])}": not {named}')


def _name_at(words: list[str], at: int, names: Sequence[str]) -> str:
    """The longest name that starts at ``words[at]``, or "". No name is longer
    than the longest of ``names``: looking further made a long line cubic."""
    longest = max((len(name.split()) for name in names), default=1)
    for end in range(_name_end(words, at, at + longest), at, -1):
        if " ".join(words[at:end]) in names:
            return " ".join(words[at:end])
    return ""


def _closes_quote(words: list[str], at: int, n: int) -> bool:
    return words[n][-1] in QUOTES and (n > at or len(words[n]) > 1)


def _name_end(words: list[str], at: int, most: int | None = None) -> int:
    """Where the name that starts at ``at`` must end at the latest: the next
    comma, or ``most`` words in."""
    last = len(words) if most is None else min(most, len(words))
    return next((n for n in range(at, last) if words[n] == ","), last)
