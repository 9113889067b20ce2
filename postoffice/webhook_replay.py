"""Signed webhook requests are good once, and only while fresh.

A provider's signature proves who made a request, not when: one signed
request seen in a log could otherwise be posted again forever, with any body
the signature does not cover, to forge bounces. For every provider whose
scheme signs a timestamp and a one-time value, a request whose timestamp is
more than WEBHOOK_MAX_AGE_SECONDS away from our clock is refused, and each
one-time value is accepted once: it is kept in the cache (shared by every web
process through CACHE_URL) for as long as its timestamp could pass.

The one-time value is the signature itself wherever the provider signs a
concatenation (Mailgun signs timestamp + token): moving a leading "e0" of
the token to the end of the timestamp keeps the signature good and changes
the token, so a key on the token would let the same signed request in
twice. And a timestamp must be all ASCII digits: ``float()`` would read
"1700000000e0", "nan" or "1e9" and let them past the age check.

Providers that rely on basic auth alone (Postmark, Brevo, Mailjet,
SparkPost, Amazon SES) sign nothing per request; there is nothing to check.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

TIMESTAMP = re.compile(r"[0-9]{1,12}")


@dataclass(frozen=True)
class Stamp:
    timestamp: str
    once: str  # a value the provider never signs twice


def mailgun_stamp(request: HttpRequest) -> Stamp | None:
    """Tracking events carry a JSON "signature" block; inbound mail, form
    fields. The once-value is the signature: see the module's note."""
    if request.content_type == "application/json":
        try:
            block = json.loads(request.body)["signature"]
            return Stamp(str(block["timestamp"]), str(block["signature"]))
        except (KeyError, TypeError, ValueError, RecursionError):
            return None
    if "timestamp" not in request.POST or "signature" not in request.POST:
        return None
    return Stamp(request.POST["timestamp"], request.POST["signature"])


def header_stamp(timestamp: str, once: str) -> Callable[[HttpRequest], Stamp | None]:
    def read(request: HttpRequest) -> Stamp | None:
        if timestamp not in request.headers or once not in request.headers:
            return None
        return Stamp(request.headers[timestamp], request.headers[once])

    return read


STAMPS: dict[str, Callable[[HttpRequest], Stamp | None]] = {
    "mailgun": mailgun_stamp,
    # Svix: the message id is unique per delivery attempt.
    "resend": header_stamp("svix-timestamp", "svix-id"),
    # Twilio SendGrid's signed event webhook signs the timestamp with the body.
    "sendgrid": header_stamp(
        "X-Twilio-Email-Event-Webhook-Timestamp", "X-Twilio-Email-Event-Webhook-Signature"
    ),
}


def why_replayed(provider: str, request: HttpRequest) -> str:
    """Why this (already verified) request is stale or a replay, or ""."""
    read = STAMPS.get(provider)
    stamp = read(request) if read else None
    if stamp is None:
        return ""  # the provider's own check refuses a request without its fields
    if not TIMESTAMP.fullmatch(stamp.timestamp):
        return "its timestamp is not a whole number of seconds"
    age = time.time() - int(stamp.timestamp)
    most = settings.WEBHOOK_MAX_AGE_SECONDS
    if abs(age) > most:
        return f"its timestamp is {int(age)} s from now, more than {most} s"
    if not cache.add(once_key(provider, stamp.once), True, timeout=2 * most + 60):
        return "its signature was used before"
    return ""


def once_key(provider: str, once: str) -> str:
    return f"webhook-once:{provider}:{hashlib.sha256(once.encode()).hexdigest()}"
