"""anymail's inbound webhooks: the provider posts a received email, anymail
checks the provider's signature (or the basic-auth secret) before this
receiver ever runs, and the message goes to the one handler.

Point the provider's inbound route at ``/anymail/<provider>/inbound/``.
"""

from __future__ import annotations

import logging
from email.message import Message
from email.policy import compat32
from typing import Any

from anymail.signals import inbound
from django.dispatch import receiver
from django.http import HttpRequest

from postoffice.inbound.handler import Unreadable, handle_message, record_unread
from postoffice.inbound.shape import why_refused

logger = logging.getLogger(__name__)


@receiver(inbound)
def on_inbound_email(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    message = event.message
    recipients = (message.envelope_recipient,) if message.envelope_recipient else ()
    try:
        handle_message(message_bytes(message), f"webhook: {esp_name}", recipients)
    except Unreadable as error:
        # Answering the provider with an error would only make it retry the same bytes.
        logger.warning("inbound webhook from %s: not an email (%s)", esp_name, error)


def message_bytes(message: Message) -> bytes:
    """The posted message as bytes again. A header holding bytes that were no
    text (kept as surrogates when the provider's post was parsed) cannot be
    folded anew by the modern policy, which raises when the header is long;
    the old policy writes those bytes back as they came, for the handler to
    read or refuse like any other."""
    try:
        return message.as_bytes()
    except UnicodeError:
        return message.as_bytes(policy=compat32)


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
