"""Hand one message to the configured transport and say how it went.

Errors fall in two kinds. Transient ones (the provider is down, rate limits,
a network hiccup) are worth retrying with backoff. Permanent ones (a refused
or invalid address, a rejected request) will fail the same way every time, so
they are recorded for the game master instead of retried.
"""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from anymail.exceptions import AnymailAPIError, AnymailError
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.backends.base import BaseEmailBackend

PERMANENT_HTTP_STATUSES = range(400, 500)
RETRYABLE_HTTP_STATUSES = {408, 425, 429}


@dataclass(frozen=True)
class DeliveryResult:
    sent: bool
    message_id: str = ""
    error: str = ""
    permanent: bool = False


def provider_message_id(message: EmailMultiAlternatives) -> str:
    status = getattr(message, "anymail_status", None)
    return str(status.message_id or "") if status is not None else ""


def is_permanent(exc: Exception) -> bool:
    if isinstance(exc, AnymailAPIError):
        status = getattr(exc, "status_code", None)
        return status in PERMANENT_HTTP_STATUSES and status not in RETRYABLE_HTTP_STATUSES
    if isinstance(exc, AnymailError):
        # Refused or invalid addresses, configuration and serialisation errors:
        # sending again cannot succeed.
        return True
    return isinstance(exc, smtplib.SMTPRecipientsRefused | smtplib.SMTPSenderRefused)


DELIVERY_ERRORS = (AnymailError, smtplib.SMTPException, OSError)


def deliver(message: EmailMultiAlternatives) -> DeliveryResult:
    """Send; never raise for a delivery failure, but report it with its kind.

    After a failure a shared connection is closed, so the next message opens
    a fresh one rather than trying a broken session."""
    try:
        message.send(fail_silently=False)
    except DELIVERY_ERRORS as exc:
        if message.connection is not None:
            with suppress(*DELIVERY_ERRORS):
                message.connection.close()
        return DeliveryResult(sent=False, error=describe(exc), permanent=is_permanent(exc))
    return DeliveryResult(sent=True, message_id=provider_message_id(message))


@contextmanager
def shared_connection() -> Iterator[BaseEmailBackend]:
    """One connection to the transport for several messages.

    Opened up front, so each send reuses it (a backend opens and closes its
    own connection around a send only when none is open). If it cannot open,
    each send tries again and records its own error."""
    connection = get_connection(fail_silently=False)
    with suppress(*DELIVERY_ERRORS):
        connection.open()
    try:
        yield connection
    finally:
        with suppress(*DELIVERY_ERRORS):
            connection.close()


def describe(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:1000]
