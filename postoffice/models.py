"""The outbox and each player's email settings.

An outbox row is one message to one person, written in the same transaction
as the event that causes it (an adjudication, a start, an invitation). Its
`key` is unique per (phase, power, kind) or per invitation, so writing the
same event twice writes one row, and a send task that claims the row by
conditional UPDATE sends it once. A row belongs to a Diplomacy game or to a
grid battle, exactly one of the two (a check constraint holds it so).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from common.fields import RowInsertedJSONField


def new_message_token() -> str:
    return secrets.token_hex(16)


class OutboxMessage(models.Model):
    class Kind(models.TextChoices):
        INVITATION = "invitation", "Invitation"
        INVITATION_REQUEST = "invitation_request", "An account asks to take an invitation"
        GAME_START = "game_start", "Game start"
        RESULTS = "results", "Results"
        REMINDER = "reminder", "Reminder"
        GAME_END = "game_end", "Game end"
        PRESS = "press", "Press"
        ANSWER = "answer", "Answer to an email"
        VOTE = "vote", "Draw or concession vote"
        CATCH_UP = "catch_up", "Catch-up for a new player"
        FAREWELL = "farewell", "Leaving a game"
        DEADLINE = "deadline", "Deadline extended"
        NOTICE = "notice", "Notice from the game master"
        BATTLE_START = "battle_start", "Battle start"
        BATTLE_TURN = "battle_turn", "Battle: your side's turn"
        BATTLE_RESULTS = "battle_results", "Battle turn results"
        BATTLE_REMINDER = "battle_reminder", "Battle reminder"
        BATTLE_END = "battle_end", "Battle end"
        BATTLE_ANSWER = "battle_answer", "Answer to a battle email"
        BATTLE_MESSAGE = "battle_message", "A message within a battle"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"
        # Waiting for its recipient to confirm the address (accounts.verification).
        HELD = "held", "Held until the address is confirmed"
        # Never sent: the phase it was about was rolled back (games.actions.rollback).
        CANCELLED = "cancelled", "Cancelled by a rollback"

    key = models.CharField(max_length=120, unique=True)
    # Names the message outside the database (Message-ID, provider metadata).
    token = models.CharField(max_length=32, unique=True, default=new_message_token)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="outbox"
    )
    battle = models.ForeignKey(
        "battles.Battle", on_delete=models.CASCADE, null=True, blank=True, related_name="outbox"
    )
    side = models.CharField(max_length=40, blank=True)  # a battle side; "" the game master
    phase = models.ForeignKey(
        "games.Phase", on_delete=models.CASCADE, null=True, blank=True, related_name="outbox"
    )
    power = models.CharField(max_length=10, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True
    )
    to_email = models.EmailField()
    context = RowInsertedJSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Sent (or being sent) about a phase that was then rolled back: what it
    # said no longer holds. The game log names each one.
    void = models.BooleanField(default=False)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt = models.DateTimeField()
    claimed = models.DateTimeField(null=True, blank=True)
    sent = models.DateTimeField(null=True, blank=True)
    provider_message_id = models.CharField(max_length=200, blank=True)
    last_error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]
        indexes = [models.Index(fields=["status", "next_attempt"])]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(game__isnull=False, battle__isnull=True)
                    | models.Q(game__isnull=True, battle__isnull=False)
                ),
                name="outbox_game_or_battle",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to_email} ({self.status})"

    @property
    def message_id_header(self) -> str:
        """Stable across retries, so a resend is recognisably the same message,
        and random, so it tells its reader nothing of anyone else's mail: a
        row number would count the messages others received in between."""
        domain = settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip("> ") or "fogdip"
        return f"<{self.token}@{domain}>"


class EmailSettings(models.Model):
    """How one person wants their email, and whether their address works."""

    class AddressStatus(models.TextChoices):
        OK = "ok", "Working"
        BOUNCED = "bounced", "Bounced"
        COMPLAINED = "complained", "Marked as spam"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="email_settings"
    )
    html = models.BooleanField("HTML email with the map shown inline", default=True)
    reminders = models.BooleanField("remind me before a deadline", default=True)
    reminder_hours = models.PositiveSmallIntegerField("hours before the deadline", default=12)
    press = models.BooleanField("email me each press message I receive", default=True)
    address_status = models.CharField(
        max_length=10, choices=AddressStatus.choices, default=AddressStatus.OK
    )
    address_detail = models.TextField(blank=True)
    address_flagged = models.DateTimeField(null=True, blank=True)
    # The address its owner proved they read, by following a signed link. The
    # account's address is confirmed while the two are equal, so changing the
    # address asks for a new confirmation by itself.
    verified_address = models.EmailField(blank=True)

    class Meta:
        verbose_name_plural = "email settings"

    def __str__(self) -> str:
        return f"email settings of {self.user}"

    @property
    def can_receive(self) -> bool:
        return self.address_status == self.AddressStatus.OK

    @property
    def address_confirmed(self) -> bool:
        email = self.user.email.strip().lower()
        return bool(email) and self.verified_address.strip().lower() == email


class CalendarSequence(models.Model):
    """The last SEQUENCE written for one calendar event in one reader's
    calendar (RFC 5546 orders the updates of an event by it): each file for
    the UID to that reader takes the next number, so two files written in the
    same minute never share one. ``uid`` is the event's UID and a hash of the
    reader's address (postoffice/calendar_sequence.py)."""

    uid = models.CharField(max_length=255, unique=True)
    sequence = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.uid}: {self.sequence}"


class DiaryEntry(models.Model):
    """A player's private note, sent by email (njudge's DIARY): kept for the
    seat (the game, the power and the person holding it) and read back only
    by that person, never shown to anyone else, the game master included."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="diary")
    power = models.CharField(max_length=10)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.TextField()
    written = models.DateTimeField()

    class Meta:
        verbose_name_plural = "diary entries"
        indexes = [models.Index(fields=["game", "power", "user"], name="diary_of_a_seat")]

    def __str__(self) -> str:
        return f"diary of {self.user} as {self.power} in game {self.game_id}"
