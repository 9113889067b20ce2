"""Plain text kept to 72 columns, as mail readers expect (RFC 2822's advice
of 78 less a reply's quoting).

Lines are broken at spaces only: a word longer than the line (a web address,
a quoted order) stays whole on a line of its own, so a link is never cut and
a reader who joins the lines again gets the text that was written.
"""

from __future__ import annotations

import textwrap

WIDTH = 72
# A continued line sits two columns further in than its first, so a reader
# sees where one answer line ends and the next begins.
CONTINUED = "  "


def wrap_line(text: str, width: int = WIDTH) -> str:
    """``text`` (one line or several) with each line longer than ``width``
    broken at spaces, its continuations indented under it."""
    return "\n".join(wrap_one(line, width) for line in text.split("\n"))


def wrap_one(line: str, width: int) -> str:
    if len(line) <= width:
        return line
    indent = line[: len(line) - len(line.lstrip(" "))]
    return textwrap.fill(
        line.strip(" "),
        width=width,
        initial_indent=indent,
        subsequent_indent=indent + CONTINUED,
        break_long_words=False,
        break_on_hyphens=False,
    )
