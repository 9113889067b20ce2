"""Hand one message to the configured transport and say how it went.

Errors fall in two kinds. Transient ones (the provider is down, rate limits,
a network hiccup) are worth retrying with backoff. Permanent ones (a refused
or invalid address, a rejected request) will fail the same way every time, so
they are recorded for the game master instead of retried.
"""

from __future__ import annotations

import smtplib
from dataclasses import dataclass

from anymail.exceptions import AnymailAPIError, AnymailError
from django.core.mail import EmailMultiAlternatives

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


def deliver(message: EmailMultiAlternatives) -> DeliveryResult:
    """Send; never raise for a delivery failure, but report it with its kind."""
    try:
        message.send(fail_silently=False)
    except (AnymailError, smtplib.SMTPException, OSError) as exc:
        return DeliveryResult(sent=False, error=describe(exc), permanent=is_permanent(exc))
    return DeliveryResult(sent=True, message_id=provider_message_id(message))


def describe(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"[:1000]
