"""Build one email from a set of templates: subject, text body, HTML body.

Every message kind lives in `emails/<kind>/` of its app's templates as `subject.txt`,
`body.txt` and `body.html`. Rendering happens in the recipient's time zone,
so every date a player reads is in their own time. The subject and the text
body are plain text, drawn by the template engine that escapes nothing
(TEXT_ENGINE, fogdip/settings.py); only the HTML body escapes what it shows.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from common.links import absolute_url, site_link
from postoffice.mime import MailMessage, encoded_part

MAP_CONTENT_ID = "map"
MAP_FILENAME = "map.png"
TEXT_ENGINE = "text"


@dataclass(frozen=True)
class Attachment:
    filename: str
    content: bytes
    mimetype: str


@dataclass(frozen=True)
class Draft:
    """Everything needed to send one message, independent of any transport."""

    kind: str
    to: str
    context: Mapping[str, Any]
    time_zone: str = "UTC"
    html: bool = True
    map_png: bytes | None = None
    attachments: tuple[Attachment, ...] = field(default=())
    reply_to: str = ""  # the (game, power) reply address; replying plays
    headers: Mapping[str, str] = field(default_factory=dict)


def reply_headers(message_id: str) -> dict[str, str]:
    """An answer to an email: threaded under it, and marked automatic (RFC 3834)
    so that no well-behaved robot answers the answer."""
    headers = {"Auto-Submitted": "auto-replied"}
    if message_id:
        headers.update({"In-Reply-To": message_id, "References": message_id})
    return headers


def render_parts(draft: Draft) -> tuple[str, str, str]:
    context = {
        **draft.context,
        # Every link in an email is under the configured address (common.links).
        "home_url": absolute_url("/"),
        "email_settings_url": site_link("email_settings"),
        "has_map": bool(draft.map_png),
        "reply_works": bool(draft.reply_to),
    }
    with timezone.override(zoneinfo.ZoneInfo(draft.time_zone)):
        subject = render_to_string(f"emails/{draft.kind}/subject.txt", context, using=TEXT_ENGINE)
        text = render_to_string(f"emails/{draft.kind}/body.txt", context, using=TEXT_ENGINE)
        html = render_to_string(f"emails/{draft.kind}/body.html", context)
    return " ".join(subject.split()), text, html


def build_message(draft: Draft) -> MailMessage:
    subject, text, html = render_parts(draft)
    message = MailMessage(
        subject,
        text,
        settings.DEFAULT_FROM_EMAIL,
        [draft.to],
        reply_to=[draft.reply_to] if draft.reply_to else None,
        headers=dict(draft.headers),
    )
    if draft.html:
        message.attach_alternative(html, "text/html")
    if draft.map_png:
        _attach_map(message, draft.map_png, inline=draft.html)
    for attachment in draft.attachments:
        message.attach(attachment.filename, attachment.content, attachment.mimetype)
    return message


def _attach_map(message: MailMessage, png: bytes, inline: bool) -> None:
    """The map goes once: shown in the HTML body (named, so a reader can
    save it like any file), or attached when the mail is text only. It went
    twice before, shown and attached, for half of a results email's bytes."""
    if not inline:
        message.attach(MAP_FILENAME, png, "image/png")
        return
    image = encoded_part("image", "png", message.base64_of(png))
    image.add_header("Content-ID", f"<{MAP_CONTENT_ID}>")
    image.add_header("Content-Disposition", "inline", filename=MAP_FILENAME)
    message.attach(image)  # in attachments too: providers' APIs read them there
