"""What an email may look like before anything parses it, and what of its
text may reach the database.

The standard library's parser recurses once per nested multipart and keeps
every part and header: a 169 KB message nested 3,000 levels deep cost a web
worker six seconds and then raised. These bounds are counted on the raw
bytes with a few regular expressions, in time linear in the size, so a
message over them is refused unread (and recorded, so it is not retried).

PostgreSQL refuses a NUL in text, and control characters have no place in a
subject or an order: ``printable`` drops them, keeping tabs and line breaks.
"""

from __future__ import annotations

import re

# Real mail nests three or four levels (mixed > alternative > related); the
# limits leave room for forwarded messages while keeping parsing cheap.
MAX_NESTING = 40  # multipart and message/ parts: each one may nest
MAX_BOUNDARY_LINES = 400
MAX_HEADER_LINES = 500

NESTING = re.compile(rb"^content-type[ \t]*:\s*(multipart|message)/", re.IGNORECASE | re.MULTILINE)
BOUNDARY_LINE = re.compile(rb"^--", re.MULTILINE)
HEADER_END = re.compile(rb"\r?\n\r?\n")
HEADER_LINE = re.compile(rb"^[^\s:]+:", re.MULTILINE)
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def why_refused(raw: bytes) -> str:
    """Why the bytes are not parsed, or "" when they may be."""
    if len(NESTING.findall(raw)) > MAX_NESTING:
        return f"the message has more than {MAX_NESTING} nested sections"
    if len(BOUNDARY_LINE.findall(raw)) > MAX_BOUNDARY_LINES:
        return f"the message has more than {MAX_BOUNDARY_LINES} parts"
    headers = HEADER_END.split(raw, 1)[0]
    if len(HEADER_LINE.findall(headers)) > MAX_HEADER_LINES:
        return f"the message has more than {MAX_HEADER_LINES} headers"
    return ""


def printable(text: str) -> str:
    """The text without NUL and other control characters (tabs and line breaks stay)."""
    return CONTROL.sub("", text)
