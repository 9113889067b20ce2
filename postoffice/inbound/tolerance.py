"""Keep the good lines: what a judge veteran's email holds besides orders.

Greetings ("Hi GM,"), sign-offs ("Thanks!"), the judges' SIGNON and SIGNOFF
lines are tolerated and echoed as ignored; numbering ("1." "2)") and bullets
("-", "*") before a line, a trailing "# comment" and a trailing remark in
brackets ("(as agreed)", never a coast such as "(sc)") are taken off before
the line is read. A line that is neither a command nor an order is an unknown
command, named in the answer, and the answer then lists the commands (pure:
no database).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from postoffice.inbound.commands import Command, Reading, read_line

IGNORED = "IGNORED"
UNKNOWN = "UNKNOWN"
MAX_CHAT_WORDS = 8
MARKER = re.compile(r"^(?:[-*+\u2022\u00b7\u2013]|\(?\d{1,3}[.):])\s+")
# In the languages our players write in too: German, Dutch, the Nordic ones,
# Polish, French, Italian, Spanish.
GREETING = re.compile(
    r"^(hi|hello|hey|hiya|dear|greetings|good (morning|afternoon|evening)|howdy|"
    r"hallo|moin|servus|guten (morgen|tag|abend)|hej|hei|hoi|cze\u015b\u0107|witam|"
    r"bonjour|salut|ciao|buongiorno|hola|buenos d\u00edas)\b",
    re.I,
)
SIGN_OFF = re.compile(
    r"^(thanks|thank you|many thanks|cheers|regards|best|kind regards|best regards|"
    r"yours|sincerely|all the best|bye|see you|ta|danke|vielen dank|gr\u00fc\u00dfe|"
    r"viele gr\u00fc\u00dfe|bedankt|groeten|tack|takk|mvh|dzi\u0119ki|pozdrawiam|"
    r"merci|cordialement|grazie|saluti|gracias|saludos)\b",
    re.I,
)
# A trailing remark in brackets ("F Lon - Nth (as agreed)"), never a coast.
TRAILING_REMARK = re.compile(r"\s+\(([^()]*)\)\s*$")
COASTS = {"nc", "sc", "ec", "wc", "n", "s", "e", "w"}
COASTS |= {f"{side} coast" for side in ("north", "south", "east", "west")}
SIGN_LINES = ("SIGNON", "SIGNOFF")
# A misspelt province before one of these is still an order, with its word named.
ORDER_SIGN = re.compile(r"-|>|\b(H|HOLDS?|S|SUPPORTS?|C|CONVOYS?)\b", re.I)


def tidy(
    reading: Reading, is_order: Callable[[str], bool], starts: Callable[[str], bool]
) -> Reading:
    """Each order line cleaned of its marker and comment, each chatty line
    marked ignored, each unknown word marked unknown; commands as they were."""
    return Reading([tidy_line(command, is_order, starts) for command in reading.commands])


def tidy_line(
    command: Command, is_order: Callable[[str], bool], starts: Callable[[str], bool]
) -> Command:
    if command.word != "ORDER":
        return command
    line = cleaned(command.text)
    if not line:
        return Command(IGNORED, command.text, body="a comment")
    if line != command.text.strip() and read_line(line).word != "ORDER":
        return replace(read_line(line), text=command.text)  # "1. READY", "READY # done"
    chat = chat_kind(line, is_order)
    if chat:
        return Command(IGNORED, command.text, body=chat)
    first = line.split()[0].strip(",.!?:;")
    if not starts(first) and not ORDER_SIGN.search(line):
        return Command(UNKNOWN, command.text, error=unknown_word(first))
    return replace(command, body=line)


def cleaned(text: str) -> str:
    """The line without its numbering or bullet and without a trailing
    comment (``# ...``, or a remark in brackets that names no coast)."""
    line = MARKER.sub("", text.strip(), count=1).split("#", 1)[0].strip()
    remark = TRAILING_REMARK.search(line)
    if remark and remark[1].strip().lower() not in COASTS:
        line = line[: remark.start()].strip()
    return line


def chat_kind(line: str, is_order: Callable[[str], bool]) -> str:
    """What a chatty line is ("a greeting", ...), or "" when it may be an order."""
    first = line.split()[0].upper().strip(",.!:;")
    if first in SIGN_LINES:
        return f"{first}: nothing to sign on or off here"
    if is_order(line) or len(line.split()) > MAX_CHAT_WORDS:
        return ""
    if GREETING.match(line):
        return "a greeting"
    if SIGN_OFF.match(line):
        return "a sign-off"
    return ""


def unknown_word(word: str) -> str:
    return f'could not read "{word}": not a command or an order (the commands are listed below)'
