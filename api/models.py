"""Personal API tokens.

Only a SHA-256 digest of the secret is stored; the secret is shown once,
when the token is made.  A token is named by its owner, carries a scope
(read, or read and play), may be limited to one game, and may expire.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    class Scope(models.TextChoices):
        READ = "read", "Read"
        PLAY = "play", "Read and play"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=12)  # shown in the list, to tell tokens apart
    scope = models.CharField(max_length=4, choices=Scope.choices, default=Scope.READ)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="api_tokens"
    )
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)
    # Optional: from this moment the token opens nothing, as if revoked.
    expires = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}...)"

    @property
    def may_play(self) -> bool:
        return self.scope == self.Scope.PLAY
