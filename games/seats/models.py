"""Open seats (a model of the games app).

A seat opens when the game master opens it, when its player leaves, or (in a
full-information game) when its player misses the number of movement phases
in a row that the game allows. Until someone takes it the power has no
player: nobody gives its orders, so its units hold (civil disorder). The
lobby lists the seats still open; taking one closes it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class OpenSeat(models.Model):
    class Reason(models.TextChoices):
        GAME_MASTER = "master", "Opened by the game master"
        LEFT = "left", "Its player left"
        MISSED = "missed", "Its player missed orders"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="open_seats")
    power = models.CharField(max_length=10)
    reason = models.CharField(max_length=6, choices=Reason.choices)
    opened = models.DateTimeField()
    taken = models.DateTimeField(null=True, blank=True)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    # The phase the newcomer arrived in: its deadline is extended once, for
    # the first newcomer only.
    taken_in = models.ForeignKey(
        "games.Phase", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["game", "power", "opened"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "power"],
                condition=models.Q(taken__isnull=True),
                name="one_open_seat_per_power",
            ),
        ]

    def __str__(self) -> str:
        state = "taken" if self.taken else "open"
        return f"{self.power} seat in {self.game_id} ({state})"


class CaretakerSeat(models.Model):
    """A seat the game master gave to the caretaker (docs/api.md, "The caretaker").

    The caretaker plays through a seat of its own account, so the API opens
    to it exactly what a player in that seat would read. It stops when that
    seat stops playing (the game master gave the power to a person, or the
    power is out). No secret is kept: each pass gets a token of its own.
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="caretaker_seats")
    seat = models.OneToOneField("games.Seat", on_delete=models.CASCADE, related_name="caretaker")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"caretaker of {self.seat.power} in {self.game_id}"
