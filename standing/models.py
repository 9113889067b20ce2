"""A player's standing: the stored facts (one stint a player held a power)
and the figures recomputed from them (docs/standing.md).

The facts are written by the games app through standing.facts as a game is
played; the figures only from facts that are revealed. A fact of a running
fog or anonymous game stays unrevealed until the game ends, so nothing of it
reaches a page, a figure or a rating before then (docs/fog.md, "Players'
standing").
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Outcome(models.TextChoices):
    RUNNING = "", "Still playing"
    WON = "won", "Won"
    DRAWN = "drawn", "Drew"
    SURVIVED = "survived", "Survived"
    ELIMINATED = "eliminated", "Eliminated"
    LEFT = "left", "Left the seat"


class Stint(models.Model):
    """One player's time at one power of one game: from the start or the
    seat taken over, to the end of the game or the seat left."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    power = models.CharField(max_length=10)
    started = models.DateTimeField()
    took_over = models.BooleanField(default=False)  # a seat someone else had left
    owed = models.PositiveIntegerField(default=0)  # deadlines it owed orders at
    missed = models.PositiveIntegerField(default=0)  # of those, the ones it sent none at
    # The last phase (by ordinal) counted: a phase reopened by a rollback and
    # adjudicated again is not counted twice.
    counted_through = models.PositiveIntegerField(default=0)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)
    # Counted and shown: at once in a full-information game without
    # anonymity, at the game's end otherwise (every stint of the game at once).
    revealed = models.BooleanField(default=False)
    finished = models.DateTimeField(null=True, blank=True)  # the game's end
    anonymous = models.BooleanField(default=False)  # the game's, when it started

    class Meta:
        ordering = ["-started", "-pk"]
        indexes = [
            models.Index(fields=["user", "revealed", "finished"]),
            models.Index(fields=["game", "power"]),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} as {self.power} in {self.game_id}"


class Figures(models.Model):
    """What a player's page, the ranking and the join gate read: one row a
    player, rebuilt from the revealed stints by ``manage.py rebuild_standing``."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="figures"
    )
    games = models.PositiveIntegerField(default=0)
    finished = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    survived = models.PositiveIntegerField(default=0)
    eliminated = models.PositiveIntegerField(default=0)
    left = models.PositiveIntegerField(default=0)
    taken_over = models.PositiveIntegerField(default=0)
    owed = models.PositiveIntegerField(default=0)
    missed = models.PositiveIntegerField(default=0)
    reliability = models.FloatField(null=True, blank=True)  # percent; None before any deadline
    mu = models.FloatField(default=25.0)
    sigma = models.FloatField(default=25.0 / 3)
    rating = models.FloatField(default=0.0)  # mu - 3 sigma: what the ranking orders by
    rated_games = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["-rating"])]

    def __str__(self) -> str:
        return f"figures of {self.user_id}"


class PageChoice(models.Model):
    """Whether a player's page is shown only to those who shared a game with them."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="page_choice"
    )
    hidden = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"page of {self.user_id}: {'hidden' if self.hidden else 'shown'}"
