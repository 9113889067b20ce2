"""Draw and concession proposals and their secret ballots (models of the games app).

A proposal is a draw among all surviving powers (DIAS) or a concession to a
named power. Every surviving power votes once; it passes only when all of
them vote yes. Players learn only that a proposal is open, their own ballot
and the outcome; the game master reads the ballots (games.access).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Proposal(models.Model):
    class Kind(models.TextChoices):
        DRAW = "draw", "Draw among all surviving powers"
        CONCESSION = "concession", "Concession"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        PASSED = "passed", "Passed"
        FAILED = "failed", "Did not pass"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="proposals")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    conceded_to = models.CharField(max_length=10, blank=True)
    proposed_by = models.CharField(max_length=10)  # a power; shown to the game master only
    status = models.CharField(max_length=6, choices=Status.choices, default=Status.OPEN)
    created = models.DateTimeField(auto_now_add=True)
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"],
                condition=models.Q(status="open"),
                name="one_open_proposal_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.describe()} in {self.game_id} ({self.status})"

    def describe(self) -> str:
        """The proposal in words that name no power but the one conceded to."""
        if self.kind == self.Kind.CONCESSION:
            return f"a concession to {self.conceded_to.title()}"
        return "a draw among all surviving powers"


class Ballot(models.Model):
    proposal = models.ForeignKey(Proposal, on_delete=models.CASCADE, related_name="ballots")
    power = models.CharField(max_length=10)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    yes = models.BooleanField()
    cast = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["power"]
        constraints = [
            models.UniqueConstraint(fields=["proposal", "power"], name="one_ballot_per_power"),
        ]

    def __str__(self) -> str:
        return f"{self.power} {'yes' if self.yes else 'no'} on {self.proposal_id}"
