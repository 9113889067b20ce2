"""An account's own rows: its preferences and its address changes.

The person is Django's user; what the site keeps about them beyond that is
here, so a change to accounts opens this app alone. Sessions are
accounts.sessions's model, registered by the import at the end.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Profile(models.Model):
    """Per-user preferences: the time zone every deadline is shown in; and
    when the password last changed (accounts.new_password), before which no
    API token of the person's works any more."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    time_zone = models.CharField(max_length=64, default="UTC")
    password_changed = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.user} ({self.time_zone})"


class AddressChange(models.Model):
    """A change of the account's address, waiting for both addresses.

    The account keeps its old address until the new one confirms (it is
    read) and the old one confirms (its reader agrees); the old address may
    refuse instead, which ends the change. So neither a guessed password nor
    a session left open moves an account away from the address that owns it
    (docs/security.md, "Accounts"). Links are signed, name this row and their
    role, expire, and each works once (accounts.address_change).
    """

    class Outcome(models.TextChoices):
        PENDING = "", "Waiting for both addresses"
        DONE = "done", "Changed"
        CANCELLED = "cancelled", "Cancelled by the account"
        REFUSED = "refused", "Refused from the old address"
        REPLACED = "replaced", "Replaced by a later change"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="address_changes"
    )
    old_email = models.EmailField()
    new_email = models.EmailField()
    created = models.DateTimeField()
    new_confirmed = models.DateTimeField(null=True, blank=True)
    old_confirmed = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=9, choices=Outcome.choices, blank=True)
    closed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.user}: {self.old_email} to {self.new_email}"


from accounts.sessions import SignedInSession  # noqa: E402

__all__ = ["AddressChange", "Profile", "SignedInSession"]
