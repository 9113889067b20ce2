"""Writes a person or a game master makes to email state (settings, retries)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from common.errors import ActionError
from postoffice import posting
from postoffice.forms import EmailSettingsForm
from postoffice.models import EmailSettings, OutboxMessage


def email_settings_of(user: Any) -> EmailSettings:
    settings, _ = EmailSettings.objects.get_or_create(user=user)
    return settings


@transaction.atomic
def save_email_settings(user: Any, form: EmailSettingsForm) -> EmailSettings:
    """Saving settings also clears a bounce flag: the player says the address works again.
    Only the settings' own user saves them."""
    if form.instance.user_id != getattr(user, "pk", None):
        raise ActionError("These are not your email settings.")
    settings = form.save(commit=False)
    settings.address_status = EmailSettings.AddressStatus.OK
    settings.address_detail = ""
    settings.save()
    return settings


def send_failed_again(rows: QuerySet[OutboxMessage]) -> int:
    failed = rows.filter(status=OutboxMessage.Status.FAILED)
    return posting.retry_failed(list(failed.values_list("pk", flat=True)), timezone.now())


@transaction.atomic
def confirm_address(user: Any, email: str) -> int:
    """The owner followed the link sent to ``email``: mark it confirmed and
    send what the outbox held for them. Returns how many messages were held."""
    mail = email_settings_of(user)
    mail.verified_address = email
    mail.save(update_fields=["verified_address"])
    return posting.release_held(user, user.email, timezone.now())


@transaction.atomic
def turn_off_optional_mail(user: Any) -> EmailSettings:
    """The one-click unsubscribe: no more reminders or press email. Results,
    the start and the end of a game still come; no seat is given up."""
    mail = email_settings_of(user)
    mail.reminders = False
    mail.press = False
    mail.save(update_fields=["reminders", "press"])
    return mail


EMAIL_PREFERENCES = {"REMINDERS": "reminders", "PRESS": "press"}


@transaction.atomic
def set_email_preference(user: Any, name: str, on: bool) -> EmailSettings:
    """SET by email: REMINDERS, PRESS (copies of press) or TEXT (plain text only)."""
    mail = email_settings_of(user)
    if name == "TEXT":
        mail.html = not on
        mail.save(update_fields=["html"])
        return mail
    field = EMAIL_PREFERENCES[name]
    setattr(mail, field, on)
    mail.save(update_fields=[field])
    return mail
