"""A player's declared absence (a model of the games app).

A player declares the days they are away. A deadline that falls inside an
accepted absence moves once to after it (games.actions.absences), up to the
game's limit of such moves per player. Who is away is shown only to that
player and the game master; everyone else learns only that the deadline moved.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Absence(models.Model):
    class Status(models.TextChoices):
        ACCEPTED = "accepted", "Accepted"
        REFUSED = "refused", "Refused by the game master"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="absences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    power = models.CharField(max_length=10)
    first_day = models.DateField()  # dates in the game's time zone, both days included
    last_day = models.DateField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACCEPTED)
    # The phase whose deadline this absence moved: an absence moves one deadline once.
    moved = models.ForeignKey(
        "games.Phase", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["first_day", "id"]

    def __str__(self) -> str:
        return f"{self.power} away {self.first_day} to {self.last_day} in {self.game_id}"
