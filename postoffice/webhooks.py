"""Anymail's tracking webhooks: bounces and complaints flag the address.

The receiver only translates the signal into a call of a write function;
the decision lives in `record_tracking_event`.
"""

from __future__ import annotations

from typing import Any

from anymail.signals import tracking
from django.contrib.auth import get_user_model
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from postoffice.models import EmailSettings, OutboxMessage

FLAGGING_EVENTS = {
    "bounced": EmailSettings.AddressStatus.BOUNCED,
    "rejected": EmailSettings.AddressStatus.BOUNCED,
    "complained": EmailSettings.AddressStatus.COMPLAINED,
}
CONFIRMING_EVENTS = {"queued", "sent", "delivered", "opened", "clicked"}


@receiver(tracking)
def on_tracking_event(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    record_tracking_event(
        event.event_type,
        event.recipient or "",
        dict(event.metadata or {}),
        f"{esp_name}: {event.description or event.reject_reason or event.event_type}",
    )


@transaction.atomic
def record_tracking_event(
    event_type: str, recipient: str, metadata: dict[str, Any], detail: str
) -> None:
    if event_type in FLAGGING_EVENTS and recipient:
        flag_address(recipient, FLAGGING_EVENTS[event_type], detail)
    if event_type in CONFIRMING_EVENTS and metadata.get("outbox"):
        confirm_sent(str(metadata["outbox"]))


def flag_address(email: str, status: str, detail: str) -> int:
    users = get_user_model().objects.filter(email__iexact=email)
    for user in users:
        EmailSettings.objects.update_or_create(
            user=user,
            defaults={
                "address_status": status,
                "address_detail": detail[:500],
                "address_flagged": timezone.now(),
            },
        )
    return len(users)


def confirm_sent(token: str) -> None:
    """The provider has the message: a claim whose worker died is sent after all."""
    OutboxMessage.objects.filter(
        token=token, status__in=[OutboxMessage.Status.SENDING, OutboxMessage.Status.PENDING]
    ).exclude(attempts=0).update(status=OutboxMessage.Status.SENT, sent=timezone.now())
