"""An email's MIME parts, written out quickly.

A results email carries its map, shown in the HTML body. Written by the
standard library, a picture is base64-encoded in 57-byte steps, written out
one 76-character line at a time (two `write` calls a line), and the whole
message is searched for each random boundary before it is used: when the
map went twice (shown and attached, 100 KB each) that was about 9 of the
11 ms a results email took to build and write (docs/performance-history.md,
"Emails written out quickly"). Here a picture is encoded in one step (and
once, should a message carry it in two parts), each body is written in one
call, and the boundaries are unguessable, so nothing is searched. The bytes
are otherwise the standard library's own, line ends included
(games/tests/emails/test_it_writes_mime_as_the_standard_library_does.py).
"""

from __future__ import annotations

import base64
import re
import secrets
from email import generator
from email.mime.base import MIMEBase
from io import BytesIO
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import SafeMIMEMultipart

LINE_END = re.compile(r"\r\n|\r|\n")  # email.generator's own: every kind of line end
BASE64_LINE = 76  # what base64.encodebytes (and so email.encoders) writes


def base64_lines(data: bytes) -> str:
    """``base64.encodebytes(data)``, as text: lines of 76 characters, each
    ended by a newline. Encoding the whole once and cutting it is quicker
    than encodebytes' 57-byte steps."""
    encoded = base64.b64encode(data).decode("ascii")
    return "".join(
        encoded[start : start + BASE64_LINE] + "\n" for start in range(0, len(encoded), BASE64_LINE)
    )


def encoded_part(maintype: str, subtype: str, encoded: str) -> MIMEBase:
    """A part whose body is already base64 text: the same headers, in the same
    order, as email.encoders.encode_base64 gives a part."""
    part = MIMEBase(maintype, subtype)
    part.set_payload(encoded)
    part["Content-Transfer-Encoding"] = "base64"
    return part


class QuickBytesGenerator(generator.BytesGenerator):
    """The standard generator, but a body is written whole, not line by line.

    The standard `_write_lines` splits a body at every line end and writes
    each line and a new line end; substituting the line ends in one pass gives
    the same text."""

    def _write_lines(self, lines: str) -> None:
        if not lines:
            return
        line_end: str = self._NL  # type: ignore[attr-defined]  # flatten's linesep
        if "\r" in lines:
            self.write(LINE_END.sub(line_end, lines))
        else:  # the usual case, and the same result, much sooner
            self.write(lines.replace("\n", line_end))


def unguessable_boundary() -> str:
    """The standard generator picks a random boundary and then searches every
    part's text for it (a tenth of a results email's cost). 128 random bits
    cannot turn up in a body by chance, nor be guessed by a player writing
    press, so no search is needed."""
    return f"==============={secrets.token_hex(16)}=="


class QuickMIMEMultipart(SafeMIMEMultipart):
    """The outer part of a message: flattened by the quick generator, which
    its inner parts inherit (the generator clones itself for each), with
    boundaries that need no search."""

    # Django's SafeMIMEMultipart overrides as_bytes with this same signature.
    def as_bytes(self, unixfrom: bool = False, linesep: str = "\n") -> bytes:  # type: ignore[override]
        for part in self.walk():
            if part.is_multipart() and part.get_boundary() is None:
                part.set_boundary(unguessable_boundary())
        output = BytesIO()
        writer = QuickBytesGenerator(output, mangle_from_=False)
        writer.flatten(self, unixfrom=unixfrom, linesep=linesep)
        return output.getvalue()


class MailMessage(EmailMultiAlternatives):
    """Django's message with text, HTML and attachments, whose outer part is a
    QuickMIMEMultipart. Every backend (file, SMTP, the providers' MIME APIs)
    serialises the outer part's `as_bytes`. A file carried in several parts
    is base64-encoded once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._base64: dict[bytes, str] = {}

    def base64_of(self, content: bytes) -> str:
        if content not in self._base64:
            self._base64[content] = base64_lines(content)
        return self._base64[content]

    # Django's hooks below are not in its type stubs, hence the ignores.
    def _create_mime_attachment(self, content: Any, mimetype: str) -> MIMEBase:
        """Django's, but binary content takes its base64 from base64_of."""
        maintype, subtype = mimetype.split("/", 1)
        if maintype in ("text", "message") or not isinstance(content, bytes):
            return super()._create_mime_attachment(content, mimetype)  # type: ignore[misc]
        return encoded_part(maintype, subtype, self.base64_of(content))

    def _create_attachments(self, msg: SafeMIMEMultipart) -> SafeMIMEMultipart:
        """Django's, but the outer part is a QuickMIMEMultipart, and the
        parts the HTML shows go with it in a multipart/related (RFC 2387,
        its ``type`` named), apart from the files to keep:

            multipart/mixed
              multipart/related; type="multipart/alternative"
                multipart/alternative (text, HTML)
                image/png (inline, by Content-ID: map.png)
              deadline.ics (attachments)
        """
        encoding = self.encoding or settings.DEFAULT_CHARSET
        shown = [part for part in self.attachments if shown_in_body(part)]
        if shown:
            msg = self._related(msg, shown, encoding)
        files = [part for part in self.attachments if not shown_in_body(part)]
        if not files:
            return msg
        mixed = QuickMIMEMultipart(_subtype="mixed", encoding=encoding)
        if self.body or msg.is_multipart():
            mixed.attach(msg)
        for attachment in files:
            if not isinstance(attachment, MIMEBase):
                attachment = self._create_attachment(*attachment)  # type: ignore[attr-defined]
            mixed.attach(attachment)
        return mixed

    def _related(
        self, msg: SafeMIMEMultipart, shown: list[Any], encoding: str
    ) -> SafeMIMEMultipart:
        kind = msg.get_content_type()
        related = QuickMIMEMultipart(_subtype="related", encoding=encoding, type=kind)
        related.attach(msg)
        for part in shown:
            related.attach(part)
        return related


def shown_in_body(attachment: Any) -> bool:
    """A part the HTML body shows by its Content-ID (the inline map)."""
    return isinstance(attachment, MIMEBase) and attachment["Content-ID"] is not None


def named_files(message: Any) -> dict[str, bytes]:
    """Every file a message carries by name, shown in the body or attached:
    what a reader can save from it."""
    files: dict[str, bytes] = {}
    for item in message.attachments:
        if isinstance(item, MIMEBase):
            name, content = item.get_filename(), item.get_payload(decode=True)
        else:
            name, content = item[0], item[1]
        if name:
            files[name] = content if isinstance(content, bytes) else str(content).encode()
    return files
