"""Turn the raw bytes of one email into what FogDip needs: who, to whom, what text.

Real mail arrives as multipart/alternative, as HTML alone, in any character
set and transfer encoding; the standard library's email package decodes all
of that. HTML is converted to text by html2text and never rendered; files
attached are never opened. The quoted message under (or above) a reply, and
the writer's signature, are cut by mail-parser-reply, which knows how Gmail,
Outlook, Apple Mail, Thunderbird and phones mark them.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import re
from dataclasses import dataclass
from email.errors import MessageError
from email.message import EmailMessage, MIMEPart
from email.utils import getaddresses, parseaddr

import html2text
from mailparser_reply.parser import EmailMessage as ReplyMessage

from postoffice.inbound.reports import failed_recipients
from postoffice.inbound.shape import check_html, check_text, printable
from postoffice.inbound.text_parts import (
    AUTOMATIC_HEADERS,
    before_quoted_headers,
    is_out_of_office,
    unflow,
    visible_html,
)

RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
AUTOMATIC_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
BOUNCE_SUBJECT = re.compile(
    r"^\s*(?:undeliverable|undelivered mail|delivery status notification|"
    r"mail delivery (?:failed|failure|subsystem)|returned mail|failure notice|"
    r"unzustellbar|non remis|non recapitabile|onbestelbaar|olevererbart|"
    r"kan ikke leveres|niedostarczalne|no se puede entregar)\b",
    re.I,
)
MESSAGE_ID = re.compile(r"<[^<>\s]+>")
# Every language mail-parser-reply knows; text_parts cuts Outlook's header
# block in any other.
REPLY_LANGUAGES = ["en", "de", "fr", "it", "es", "nl", "sv", "da", "pl", "cs", "ja", "ko", "zh"]


class Unreadable(ValueError):
    """The bytes are not an email FogDip can read (nothing, or no sender)."""


@dataclass(frozen=True)
class Letter:
    sender: str  # the From address, lower case
    recipients: tuple[str, ...]
    message_id: str
    references: tuple[str, ...]  # In-Reply-To and References, the newest first
    subject: str
    text: str  # the new part of the body, quotes and signature cut
    automatic: bool  # an auto-reply, a bounce, a list: never answered
    key: str  # names the message for "seen before"
    # A delivery report's recipients that failed for good, with the status.
    failed: tuple[tuple[str, str], ...] = ()


def read_letter(raw: bytes, envelope_recipients: tuple[str, ...] = ()) -> Letter:
    """Every text a Letter holds is printable: no NUL or control character
    reaches the database or an answer. Raises RefusedUnread (shape) for HTML
    nested too deeply or a text too long to read, and lets a RecursionError
    out: the caller reads under a budget (postoffice.inbound.budget)."""
    message = parse_bytes(raw)
    sender = printable(parseaddr(header(message, "From"))[1]).strip().lower()
    if "@" not in sender:
        raise Unreadable("the message has no sender address")
    message_id = clean_id(printable(header(message, "Message-ID")))
    recipients = (*envelope_recipients, *header_addresses(message, RECIPIENT_HEADERS))
    return Letter(
        sender=sender,
        recipients=tuple(printable(address) for address in recipients),
        message_id=message_id,
        references=tuple(printable(ref) for ref in referenced_ids(message)),
        subject=printable(" ".join(header(message, "Subject").split()))[:200],
        text=printable(new_text(body_text(message))),
        automatic=is_automatic(message, sender),
        key=message_key(message_id, raw),
        failed=failed_recipients(message),
    )


def parse_bytes(raw: bytes) -> EmailMessage:
    if not raw.strip():
        raise Unreadable("the message is empty")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    if not isinstance(message, EmailMessage) or not message.keys():
        raise Unreadable("the message has no headers")
    return message


def header_values(message: EmailMessage, name: str) -> list[str]:
    """Every value of a header; as raw text when the standard library's header
    parser fails on it (it raises IndexError on a From of a lone quote,
    AttributeError on a Cc of groups, "a:b;a:b;")."""
    try:
        return [str(value) for value in message.get_all(name, [])]
    except (IndexError, ValueError, MessageError, AttributeError, TypeError):
        return [str(value) for key, value in message.raw_items() if key.lower() == name.lower()]


def header(message: EmailMessage, name: str, default: str = "") -> str:
    values = header_values(message, name)
    return values[0] if values else default


def header_addresses(message: EmailMessage, names: tuple[str, ...]) -> list[str]:
    values = [value for name in names for value in header_values(message, name)]
    return [address for _, address in getaddresses(values) if address]


def clean_id(value: str) -> str:
    """The ``<id@host>`` of a header, nothing around it (it is echoed in our headers)."""
    found = MESSAGE_ID.search(value)
    return found.group(0) if found else ""


def referenced_ids(message: EmailMessage) -> tuple[str, ...]:
    ids: list[str] = []
    for name in ("In-Reply-To", "References"):
        for value in header_values(message, name):
            ids += MESSAGE_ID.findall(value)
    return tuple(ids[:1] + list(reversed(ids[1:])))


def message_key(message_id: str, raw: bytes) -> str:
    """A message without a Message-ID is named by its bytes, so a replay is still caught."""
    return hashlib.sha256(message_id.encode() if message_id else raw).hexdigest()


def is_automatic(message: EmailMessage, sender: str) -> bool:
    """RFC 3834: never answer automatic mail, so two robots cannot write to each other forever."""
    submitted = header(message, "Auto-Submitted", "no").strip().lower()
    precedence = header(message, "Precedence").strip().lower()
    robot = sender.split("@")[0] in ("mailer-daemon", "postmaster")
    headers = {name.lower(): header(message, name) for name in AUTOMATIC_HEADERS}
    away = is_out_of_office(headers, header(message, "Subject"))
    bounce = is_delivery_report(message, sender)
    return submitted != "no" or precedence in AUTOMATIC_PRECEDENCE or robot or away or bounce


def is_delivery_report(message: EmailMessage, sender: str) -> bool:
    """A bounce that says nothing of RFC 3834: a delivery report (RFC 3464,
    multipart/report), Exchange's own sender or NDR header, or a bounce's
    subject ("Undeliverable:", "Unzustellbar:", "Delivery Status Notification")."""
    report = message.get_content_type() == "multipart/report"
    exchange = sender.startswith("microsoftexchange") or "X-MS-Exchange-Message-Is-Ndr" in message
    return report or exchange or bool(BOUNCE_SUBJECT.match(header(message, "Subject")))


def body_text(message: EmailMessage) -> str:
    """The text part, else the HTML part as text; attachments are skipped."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    content = decoded(part)
    if part.get_content_type() == "text/html":
        return html_to_text(content)
    if param(part, "format") == "flowed":
        return unflow(content.replace("\r\n", "\n"), param(part, "delsp") == "yes")
    return content


def param(part: MIMEPart, name: str) -> str:
    """A Content-Type parameter in lower case ("" when absent)."""
    value = part.get_param(name, "")
    return value.lower() if isinstance(value, str) else ""


def decoded(part: MIMEPart) -> str:
    try:
        return str(part.get_content())
    except (LookupError, UnicodeError):
        # An unknown or lying charset: keep what can be read rather than refuse it all.
        payload = part.get_payload(decode=True)
        return payload.decode("utf-8", errors="replace") if isinstance(payload, bytes) else ""


def html_to_text(html: str) -> str:
    check_html(html)
    converter = html2text.HTML2Text()
    converter.body_width = 0  # never wrap: one order stays on one line
    converter.ignore_images = True
    converter.ignore_links = True
    converter.ignore_emphasis = True
    text = converter.handle(visible_html(html))
    # html2text protects Markdown; orders are not Markdown.
    return text.replace("\\-", "-").replace("\\+", "+").replace("\\.", ".")


def new_text(body: str) -> str:
    """What the writer wrote this time: no quoted message, no signature."""
    check_text(body)
    body = body.replace("\r\n", "\n").replace("\xa0", " ")
    above = before_quoted_headers(body)
    body = above if above.strip() else body
    reply = ReplyMessage(text=body, languages=list(REPLY_LANGUAGES), keep_hyphen_lists=True)
    parts = [part for part in reply.read().replies if part.content.strip()]
    if not parts:
        return ""
    first = parts[0]
    content = first.content.replace(first.headers, "", 1) if first.headers else first.content
    text = without_signature(content, first.signatures)
    lines = [line for line in text.splitlines() if not line.lstrip().startswith(">")]
    return "\n".join(lines).strip()


def without_signature(content: str, signature: str) -> str:
    """Cut the signature: from the RFC 3676 "-- " line, or where the library
    found one. Never inside a press message ("Best regards" may well be part
    of one): then keep it all."""
    lines = content.rstrip().splitlines()
    dashes = [n for n, line in enumerate(lines) if line.rstrip() in ("--", "-- ")]
    if dashes:
        kept = "\n".join(lines[: dashes[0]])
    elif own_signature(signature) and content.rstrip().endswith(signature.strip()):
        kept = content.rstrip()[: -len(signature.strip())]
    else:
        return content
    return content if inside_press(kept) else kept


def own_signature(signature: str) -> bool:
    """A signature the writer typed. A quoted one ("> -- " under the quoted
    FogDip email) is not: a bottom-posted reply has its orders below it."""
    return bool(signature.strip()) and not signature.lstrip().startswith(">")


def inside_press(text: str) -> bool:
    """Whether the text ends inside a PRESS message with no END yet."""
    words = [" ".join(line.upper().split()) for line in text.splitlines()]
    opened = [n for n, word in enumerate(words) if word.startswith("PRESS")]
    return bool(opened) and "END" not in words[opened[-1] :]
