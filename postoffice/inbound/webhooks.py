"""anymail's inbound webhooks: the provider posts a received email, anymail
checks the provider's signature (or the basic-auth secret) before this
receiver ever runs, and the message is recorded for a worker to handle
(postoffice.inbound.waiting): the request never reads it.

Before anymail parses the post at all, a message shaped to make parsing
costly is recorded as refused (``refused_unread``, called by
postoffice.webhook_guard), so the provider is answered 200 and does not
retry it.

Point the provider's inbound route at ``/anymail/<provider>/inbound/``.
"""

from __future__ import annotations

import logging
from email.errors import MessageError
from email.message import Message
from email.policy import compat32
from email.policy import default as modern
from typing import Any

from anymail.signals import inbound
from django.dispatch import receiver
from django.http import HttpRequest

from postoffice.inbound.handler import record_unread
from postoffice.inbound.shape import why_refused
from postoffice.inbound.waiting import receive

logger = logging.getLogger(__name__)
# The raw message as the provider posted it: Mailgun's body-mime, SendGrid's
# email (both form fields), Postmark's RawEmail (JSON).
RAW_FIELDS = ("body-mime", "email", "RawEmail")
# Written back as it came: refolding a header parses it, at the parser's cost.
AS_IT_CAME = modern.clone(refold_source="none")


@receiver(inbound)
def on_inbound_email(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    message = event.message
    recipients = (message.envelope_recipient,) if message.envelope_recipient else ()
    raw = posted_mime(event.esp_event) or message_bytes(message)
    if raw:
        receive(raw, f"webhook: {esp_name}", recipients)


def posted_mime(esp_event: Any) -> bytes:
    """The raw message the provider posted, when it posts one ("" otherwise)."""
    fields = esp_event.POST if isinstance(esp_event, HttpRequest) else esp_event
    for name in RAW_FIELDS:
        value = fields.get(name) if hasattr(fields, "get") else None
        if isinstance(value, str) and value:
            return value.encode("utf-8", "replace")
    return b""


def message_bytes(message: Message) -> bytes:
    """The message anymail built from the provider's fields, as bytes. A header
    holding bytes that were no text (kept as surrogates) is written back by the
    old policy as it came; one that cannot be written at all is logged."""
    for policy in (AS_IT_CAME, compat32):
        try:
            return message.as_bytes(policy=policy)
        except (UnicodeError, RecursionError, MessageError, ValueError, IndexError):
            continue
    logger.warning("inbound webhook: a posted message could not be written back as bytes")
    return b""


def refused_unread(request: HttpRequest, road: str) -> bool:
    """Before anymail parses a posted message: one shaped to make parsing
    costly is recorded as refused (so answering 200 ends the provider's
    retries). The message is a form field (Mailgun's body-mime, SendGrid's
    email) or the body itself."""
    for raw in posted_texts(request):
        problem = why_refused(raw)
        if problem:
            record_unread(raw, road, problem)
            return True
    return False


def posted_texts(request: HttpRequest) -> list[bytes]:
    if request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return [v.encode("utf-8", "replace") for _, values in request.POST.lists() for v in values]
    return [request.body]


def record_unparsable(request: HttpRequest, road: str, error: BaseException) -> bool:
    """A signed message anymail's parser tripped on: recorded as refused, if
    the post holds one ("" when it does not: nothing to record)."""
    raw = posted_mime(request)
    if not raw:
        return False
    record_unread(raw, road, f"the message could not be parsed ({type(error).__name__})")
    return True
