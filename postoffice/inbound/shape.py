"""What an email may look like before anything parses it, and what of its
text may reach the database.

The standard library's parser recurses once per nested multipart and keeps
every part and header; its header parser is quadratic in the addresses of
one header (a Cc of 60,000 commas took 18 s), slow in encoded words and in
ids, and recurses once per nested comment (3,000 parentheses in a From
raise RecursionError). These bounds are counted on the raw bytes with a few
regular expressions, in time linear in the size, so a message over them is
refused unread (and recorded, so it is not retried). Lines are counted as
the parser counts them: a lone CR ends a line as CRLF and LF do.

Two more bounds need the decoded body, so the reader checks them before the
costly step (postoffice.inbound.reading): HTML nested deeper than
MAX_HTML_DEPTH (html2text indents each level, so 14 KB of nested lists
became 3 MB of text), and a body text longer than MAX_TEXT_CHARS (the reply
parser's cost grows with it).

PostgreSQL refuses a NUL in text, and control characters have no place in a
subject or an order: ``printable`` drops them, keeping tabs and line breaks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Real mail nests three or four levels (mixed > alternative > related); the
# limits leave room for forwarded messages while keeping parsing cheap.
MAX_LINES = 100_000  # 1 MB of base64 is 14,000; each line costs the parser a step
MAX_NESTING = 40  # multipart and message/ parts: each one may nest
MAX_BOUNDARY_LINES = 400
MAX_HEADER_LINES = 500
MAX_FIELD_BYTES = 16 * 1024  # one header field, unfolded
MAX_CONTENT_FIELD_BYTES = 2 * 1024  # one Content-Type, Content-Disposition...: every part has them
MAX_READ_FIELDS_BYTES = 32 * 1024  # the message's own address, id and subject headers together
MAX_ADDRESSES = 100  # in one address header
MAX_IDS = 200  # message ids in one header (References)
MAX_ENCODED_WORDS = 100  # =?charset?q?...?= in one header
MAX_COMMENTS = 20  # parentheses in one structured header: comments may nest
MAX_PARAMETERS = 50  # in one Content-Type or Content-Disposition
MAX_STRUCTURED_FIELDS = 2000  # lines anywhere that name a header the reader parses
MAX_HTML_DEPTH = 100
MAX_TEXT_CHARS = 256 * 1024

ADDRESS_FIELDS = frozenset(
    f"{resent}{name}"
    for resent in ("", "resent-")
    for name in ("from", "to", "cc", "bcc", "sender", "reply-to")
) | {"delivered-to", "x-original-to", "envelope-to", "return-path"}
ID_FIELDS = frozenset({"message-id", "in-reply-to", "references", "resent-message-id"})
PARAMETER_FIELDS = frozenset({"content-type", "content-disposition"})
CONTENT_FIELDS = PARAMETER_FIELDS | {"content-transfer-encoding", "content-id"}
# Every header a parser reads with a structure of its own (comments among it).
STRUCTURED_FIELDS = (
    ADDRESS_FIELDS | ID_FIELDS | CONTENT_FIELDS | {"mime-version", "date", "resent-date"}
)
# The headers the reader parses (postoffice.inbound.reading), each as often as it appears.
READ_FIELDS = ADDRESS_FIELDS | ID_FIELDS | {"subject"}

NESTING = re.compile(rb"^content-type[ \t]*:\s*(multipart|message)/", re.IGNORECASE | re.MULTILINE)
BOUNDARY_LINE = re.compile(rb"^--", re.MULTILINE)
HEADER_LINE = re.compile(rb"^[^\s:]+:", re.MULTILINE)
FIELD = re.compile(rb"^([!-9;-~]+)[ \t]*:([^\n]*(?:\n[ \t][^\n]*)*)", re.MULTILINE)
STRUCTURED_FIELD = re.compile(
    rb"^(" + b"|".join(re.escape(n.encode()) for n in sorted(STRUCTURED_FIELDS)) + rb")[ \t]*:"
    rb"([^\n]*(?:\n[ \t][^\n]*)*)",
    re.IGNORECASE | re.MULTILINE,
)
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9:-]*)[^>]*>")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Tags that hold nothing, and those HTML lets a writer leave open (an <li>
# or <p> left open is not nesting): neither counts towards the depth.
VOID_TAGS = ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr")
LEFT_OPEN_TAGS = ("p", "li", "dt", "dd", "tr", "td", "th", "option", "thead", "tbody", "tfoot")
UNNESTED_TAGS = frozenset((*VOID_TAGS, *LEFT_OPEN_TAGS, "colgroup", "html", "head", "body"))


class RefusedUnread(Exception):
    """A message over one of the budgets, or one a parser tripped on: refused
    with the reason, never read further and never retried."""


def why_refused(raw: bytes) -> str:
    """Why the bytes are not parsed, or "" when they may be."""
    text = one_line_ending(raw)
    if text.count(b"\n") > MAX_LINES:
        return f"the message has more than {MAX_LINES:,} lines"
    if len(NESTING.findall(text)) > MAX_NESTING:
        return f"the message has more than {MAX_NESTING} nested sections"
    if len(BOUNDARY_LINE.findall(text)) > MAX_BOUNDARY_LINES:
        return f"the message has more than {MAX_BOUNDARY_LINES} parts"
    headers = text.split(b"\n\n", 1)[0] + b"\n"
    if len(HEADER_LINE.findall(headers)) > MAX_HEADER_LINES:
        return f"the message has more than {MAX_HEADER_LINES} headers"
    return why_fields_refused(headers, text)


def one_line_ending(raw: bytes) -> bytes:
    """Every line end the parser knows (CRLF, a lone CR, LF) made one LF."""
    return raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def why_fields_refused(headers: bytes, text: bytes) -> str:
    """Every field of the message's own headers, and every field the reader
    parses wherever it stands (a part's Content-Type, a forwarded From)."""
    read = 0
    for name, value in fields(FIELD, headers):
        problem = why_field_refused(name, value)
        if problem:
            return problem
        read += len(value) if name in READ_FIELDS else 0
    if read > MAX_READ_FIELDS_BYTES:
        limit = MAX_READ_FIELDS_BYTES // 1024
        return f"the address, id and subject headers are longer than {limit} KB together"
    for count, (name, value) in enumerate(fields(STRUCTURED_FIELD, text)):
        if count >= MAX_STRUCTURED_FIELDS:
            return f"the message has more than {MAX_STRUCTURED_FIELDS} structured headers"
        problem = why_field_refused(name, value)
        if problem:
            return problem
    return ""


def fields(pattern: re.Pattern[bytes], text: bytes) -> Iterator[tuple[str, bytes]]:
    """(name in lower case, value unfolded) for each field the pattern finds."""
    for found in pattern.finditer(text):
        yield found.group(1).decode("ascii").lower(), found.group(2).replace(b"\n", b"")


def why_field_refused(name: str, value: bytes) -> str:
    label = f"the {name} header" if name in STRUCTURED_FIELDS or name == "subject" else "a header"
    longest = MAX_CONTENT_FIELD_BYTES if name in CONTENT_FIELDS else MAX_FIELD_BYTES
    if len(value) > longest:
        return f"{label} is longer than {longest // 1024} KB"
    if value.count(b"=?") > MAX_ENCODED_WORDS:
        return f"{label} has more than {MAX_ENCODED_WORDS} encoded words"
    if name in ADDRESS_FIELDS and value.count(b",") >= MAX_ADDRESSES:
        return f"{label} has more than {MAX_ADDRESSES} addresses"
    if name in ID_FIELDS and value.count(b"<") > MAX_IDS:
        return f"{label} has more than {MAX_IDS} message ids"
    if name in PARAMETER_FIELDS and value.count(b";") > MAX_PARAMETERS:
        return f"{label} has more than {MAX_PARAMETERS} parameters"
    return why_structure_refused(name, value, label)


def why_structure_refused(name: str, value: bytes, label: str) -> str:
    if name in STRUCTURED_FIELDS and value.count(b"(") > MAX_COMMENTS:
        return f"{label} has more than {MAX_COMMENTS} comments"
    return ""


def check_html(html: str) -> None:
    """Raises RefusedUnread for HTML nested deeper than MAX_HTML_DEPTH (one pass over its tags)."""
    depth = 0
    for found in TAG.finditer(html):
        closing, tag = found.group(1), found.group(2).lower()
        if tag in UNNESTED_TAGS or found.group(0).endswith("/>"):
            continue
        depth = max(depth - 1, 0) if closing else depth + 1
        if depth > MAX_HTML_DEPTH:
            raise RefusedUnread(f"the message's HTML is nested more than {MAX_HTML_DEPTH} deep")


def check_text(text: str) -> None:
    """Raises RefusedUnread for a body text longer than the reply parser is given."""
    if len(text) > MAX_TEXT_CHARS:
        raise RefusedUnread(f"the message's text is longer than {MAX_TEXT_CHARS // 1024} KB")


def printable(text: str) -> str:
    """The text without NUL and other control characters (tabs and line breaks stay)."""
    return CONTROL.sub("", text)
