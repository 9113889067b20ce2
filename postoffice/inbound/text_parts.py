"""What mail clients do to a reply's text, undone before it is read (pure).

* Thunderbird's format=flowed (RFC 3676) soft-wraps long lines with a
  trailing space: those lines are joined again, so a wrapped order or press
  line is one line.
* Hidden HTML (display:none, visibility:hidden, the hidden attribute,
  mso-hide:all, font-size:0) is text the writer never saw: it is dropped
  before the HTML becomes text.
* Outlook writes the quoted message's header block in the writer's own
  language ("Från: ... Skickat: ..."); whatever the language, a block of
  "Word: value" lines naming an address, or the separator above it, starts
  the quoted message.
* An out-of-office reply without Auto-Submitted is still automatic: its
  headers or its subject say so.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

SIGNATURE_LINE = "-- "
VOID_TAGS = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}
HIDDEN_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|mso-hide\s*:\s*all|"
    r"(?<![-\w])font-size\s*:\s*0(?:\.0*)?(?:px|pt|em|rem|%)?\s*(?:;|$|!)|"
    r"max-height\s*:\s*0|opacity\s*:\s*0(?:\.0*)?\s*(?:;|$|!)",
    re.I,
)
HEADER_LINE = re.compile(r"^\s*\*?[^\W\d_][\w .'-]{0,24}\*?\s*:\s*\S")
ONE_WORD_NAME = re.compile(r"^\s*\*?[^\W\d_]{2,20}\*?\s*:\s*\S")
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
SEPARATOR = re.compile(r"^\s*(?:_{10,}|-{3,}\s*[^\W\d_][\w ]{2,40}\s*-{3,})\s*$")
AUTOMATIC_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Auto-Reply", "X-Vacation")
AUTOMATIC_SUBJECT = re.compile(
    r"^\s*(?:auto(?:matic)?[- ]?(?:reply|response|answer)|out of (?:the )?office|"
    r"abwesenheitsnotiz|automatische antwort|r[ée]ponse automatique|"
    r"risposta automatica|respuesta autom[áa]tica|automatisch antwoord|"
    r"autosvar|fr[åa]nvaro|automatisk svar|poza biurem|odpowied[źz] automatyczna)\b",
    re.I,
)


def unflow(text: str, delsp: bool) -> str:
    """RFC 3676: a line ending in a space continues on the next (with DelSp
    the space itself was added by the wrapping); the signature line stays."""
    lines: list[str] = []
    carry = ""
    for raw in text.split("\n"):
        line = raw[1:] if raw.startswith(" ") else raw  # space-stuffing
        if line.endswith(" ") and line != SIGNATURE_LINE and not line.startswith(">"):
            carry += line[:-1] if delsp else line
            continue
        lines.append(carry + line)
        carry = ""
    if carry:
        lines.append(carry)
    return "\n".join(lines)


class VisibleHTML(HTMLParser):
    """The HTML without its hidden elements (and without comments)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.hidden_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_TAGS:
            if not self.hidden_depth:
                self.out.append(self.get_starttag_text() or "")
            return
        if self.hidden_depth or hidden(attrs):
            self.hidden_depth += 1
            return
        self.out.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_TAGS:
            return
        if self.hidden_depth:
            self.hidden_depth -= 1
            return
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if not self.hidden_depth:
            self.out.append(escape(data, quote=False))


def hidden(attrs: list[tuple[str, str | None]]) -> bool:
    found = dict(attrs)
    return "hidden" in found or bool(HIDDEN_STYLE.search(found.get("style") or ""))


def visible_html(html: str) -> str:
    parser = VisibleHTML()
    parser.feed(html)
    parser.close()
    return "".join(parser.out)


def before_quoted_headers(text: str) -> str:
    """The text above a quoted message's header block, in any language."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if SEPARATOR.match(line) or starts_header_block(lines, number):
            return "\n".join(lines[:number])
    return text


def starts_header_block(lines: list[str], number: int) -> bool:
    """Two or more "Word: value" lines in a row, one naming an address; or
    three or more whose names are one word each (Outlook may show no address)."""
    block = []
    for line in lines[number : number + 6]:
        if not HEADER_LINE.match(line):
            break
        block.append(line)
    if len(block) >= 2 and any(ADDRESS.search(line) for line in block):
        return True
    return len(block) >= 3 and all(ONE_WORD_NAME.match(line) for line in block)


def is_out_of_office(headers: dict[str, str], subject: str) -> bool:
    if any(headers.get(name.lower()) for name in AUTOMATIC_HEADERS):
        return True
    return bool(AUTOMATIC_SUBJECT.match(subject))
