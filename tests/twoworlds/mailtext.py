"""One outbox row as its recipient reads it: when it was queued and is due,
its subject, headers, text, HTML and every attachment (pictures by digest)."""

from __future__ import annotations

import hashlib
from typing import Any

from postoffice.compose import build_message
from postoffice.models import OutboxMessage
from postoffice.sending import draft_of


def message_text(row: OutboxMessage) -> str:
    email: Any = build_message(draft_of(row))
    parts = [
        f"status={row.status} created={row.created.isoformat()}",
        f"due={row.next_attempt.isoformat()} to={row.to_email}",
        f"subject={email.subject}",
        f"headers={sorted(email.extra_headers.items())}",
        f"text={email.body}",
    ]
    parts.extend(f"alternative {kind}={content}" for content, kind in email.alternatives)
    parts.extend(attachment_text(item) for item in email.attachments)
    return "\n".join(parts)


def attachment_text(item: Any) -> str:
    if isinstance(item, tuple):
        name, content, kind = item
    else:  # a MIME part (the inline map)
        name, content, kind = (
            item.get_filename(),
            item.get_payload(decode=True),
            item.get_content_type(),
        )
    data = content if isinstance(content, bytes) else str(content).encode()
    if kind.startswith("text/"):
        return f"attachment {name} {kind}={data.decode()}"
    return f"attachment {name} {kind} sha256={hashlib.sha256(data).hexdigest()}"
