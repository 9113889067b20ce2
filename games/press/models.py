"""Press messages and who may read them (models of the games app).

A message keeps its true sender (power and user) and the sender as shown;
one `PressRecipient` row per power that receives it makes "what may this
power read" one indexed lookup. `token` names a message outside the
database (email keys and headers): unlike the primary key it is random, so
it tells nobody how many messages others have exchanged.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

ANONYMOUS = "ANONYMOUS"  # shown_as of an unsigned message
# shown_as of a message from the game master, whose sender_power is "": no
# player can sign with it (games.press.rules.allowed_shown_as never offers it).
GAME_MASTER_SIGNATURE = "GM"
EVERYONE = "EVERYONE"  # the recipient choice that means every other power


def new_press_token() -> str:
    return secrets.token_urlsafe(12)


class PressMessage(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="press")
    phase = models.ForeignKey(
        "games.Phase", on_delete=models.CASCADE, null=True, blank=True, related_name="press"
    )
    sender_power = models.CharField(max_length=10)
    sender_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    shown_as = models.CharField(max_length=10)  # a power, or ANONYMOUS
    broadcast = models.BooleanField(default=False)
    body = models.TextField()
    token = models.CharField(max_length=24, unique=True, default=new_press_token)
    created = models.DateTimeField(default=timezone.now)
    # The thread it sits in for its sender (games.press.threads); "" for the game master's.
    sender_thread = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["game", "sender_power"])]

    def __str__(self) -> str:
        return f"press from {self.sender_power} as {self.shown_as} in {self.game_id}"


class PressRecipient(models.Model):
    """One power that receives a message (a broadcast has one per other seated power)."""

    message = models.ForeignKey(PressMessage, on_delete=models.CASCADE, related_name="recipients")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    power = models.CharField(max_length=10)
    # The thread it sits in for this power (games.press.threads), and when a
    # player of this power opened that thread on the web (None: unread).
    thread = models.CharField(max_length=80, blank=True, default="")
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["power"]
        constraints = [
            models.UniqueConstraint(fields=["message", "power"], name="press_recipient_unique"),
        ]
        indexes = [
            models.Index(fields=["game", "power"]),
            # Only unread rows: counting them costs what is unread, not the game's press.
            models.Index(
                fields=["game", "power"],
                condition=models.Q(read_at__isnull=True),
                name="press_recipient_unread",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.power} receives {self.message_id}"
