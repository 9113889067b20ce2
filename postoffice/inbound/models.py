"""Every email that came in, once: what it was, whose it was, what it did;
and the raw messages a webhook received that a worker has yet to handle.

The key is a hash of the Message-ID (of the whole message when it has none),
unique, so a message delivered twice (a provider retrying its webhook, a
forwarded copy, a replay) is handled once. The row also answers "did this
address already get a refusal today", which keeps a flood of forged mail from
turning FogDip into a source of backscatter.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class InboundMessage(models.Model):
    class Outcome(models.TextChoices):
        ACCEPTED = "accepted", "Accepted"
        REFUSED = "refused", "Refused"
        IGNORED = "ignored", "Ignored (automatic mail)"

    key = models.CharField(max_length=64, unique=True)
    received = models.DateTimeField(default=timezone.now)
    road = models.CharField(max_length=40)
    sender = models.CharField(max_length=254, blank=True)
    subject = models.CharField(max_length=200, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    # Why a message was refused, for the site's operators; never sent to anyone.
    reason = models.CharField(max_length=200, blank=True)
    answered = models.BooleanField(default=False)
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    power = models.CharField(max_length=10, blank=True)
    battle = models.ForeignKey(
        "battles.Battle", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    summary = models.TextField(blank=True)

    class Meta:
        ordering = ["-received", "-id"]
        indexes = [models.Index(fields=["sender", "received"])]

    def __str__(self) -> str:
        return f"{self.outcome} mail from {self.sender or 'nobody'} via {self.road}"


class ReceivedMail(models.Model):
    """A message as a webhook received it, waiting for a worker to handle it.

    The web request only records the bytes (at most INBOUND_EMAIL_MAX_BYTES
    and one more, so the worker still knows a message was larger) and answers
    the provider; a worker claims the row (RECEIVED -> HANDLING by a
    conditional UPDATE: a task run twice handles once), reads it under its
    budget (postoffice.inbound.budget), records the outcome as an
    InboundMessage, and deletes the row. A row whose task was lost, or whose
    worker died, is queued again by the sweep; after MAX_ATTEMPTS claims it
    is refused unread, so no message is tried for ever.
    """

    class Status(models.TextChoices):
        RECEIVED = "received", "Received"
        HANDLING = "handling", "Being handled"

    # The bytes and the envelope recipients: the same message posted twice is one row.
    digest = models.CharField(max_length=64, unique=True)
    road = models.CharField(max_length=40)
    recipients = models.JSONField(default=list)
    raw = models.BinaryField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RECEIVED)
    received = models.DateTimeField(default=timezone.now)
    # When its task was last queued (RECEIVED) or when a worker claimed it (HANDLING).
    since = models.DateTimeField(default=timezone.now)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["status", "since"])]

    def __str__(self) -> str:
        return f"{self.status} mail via {self.road}, {len(self.raw)} bytes"
