"""Read the messages Django's file email backend wrote, for the dev mailbox page.

On a laptop FogDip writes every email to files under data/mail; this module
turns them back into something a browser can show: newest first, with the
text, the HTML and the inline map of each.
"""

from __future__ import annotations

import base64
import email
import email.policy
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path

# Django's file backend ends every message with a line of 79 dashes.
SEPARATOR = b"\n" + b"-" * 79 + b"\n"


@dataclass(frozen=True)
class StoredMessage:
    key: str
    subject: str
    to: str
    date: str
    text: str
    html: str
    images: dict[str, str] = field(default_factory=dict)
    attachments: tuple[str, ...] = ()
    reply_to: str = ""
    message_id: str = ""


def message_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.log"), key=lambda path: path.stat().st_mtime, reverse=True)


def read_messages(folder: Path, limit: int = 200) -> list[StoredMessage]:
    found: list[StoredMessage] = []
    for path in message_files(folder):
        chunks = [chunk for chunk in path.read_bytes().split(SEPARATOR) if chunk.strip()]
        for index, chunk in reversed(list(enumerate(chunks))):
            found.append(parse(f"{path.stem}-{index}", chunk))
            if len(found) >= limit:
                return found
    return found


def parse(key: str, raw: bytes) -> StoredMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    text_part = message.get_body(preferencelist=("plain",))
    html_part = message.get_body(preferencelist=("html",))
    return StoredMessage(
        key=key,
        subject=str(message["subject"] or ""),
        to=str(message["to"] or ""),
        date=str(message["date"] or ""),
        text=text_part.get_content() if text_part else "",
        html=html_part.get_content() if html_part else "",
        images=inline_images(message),
        attachments=tuple(part.get_filename() or "" for part in message.iter_attachments()),
        reply_to=str(message["reply-to"] or ""),
        message_id=str(message["message-id"] or ""),
    )


def inline_images(message: EmailMessage) -> dict[str, str]:
    """Content-ID to data: URL, so the HTML body can show its inline map."""
    images: dict[str, str] = {}
    for part in message.walk():
        content_id = part.get("Content-ID")
        if content_id and part.get_content_maintype() == "image":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            encoded = base64.b64encode(payload).decode()
            images[content_id.strip("<>")] = f"data:{part.get_content_type()};base64,{encoded}"
    return images


def html_with_images(stored: StoredMessage) -> str:
    html = stored.html
    for content_id, data_url in stored.images.items():
        html = html.replace(f"cid:{content_id}", data_url)
    return html
