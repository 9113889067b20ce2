"""A grid battle's data (FOG OF WAR - BASIC): set-up, sides, tokens, turns, records, rolls.

The board as it stands lives in `Battle.position` (the tokens' JSON, see
`battles/state.py`), the dice as a secret seed, its hash shown from the
start, and a pointer into the seed's stream. Every write goes through
battles.actions; every read a side sees goes through
battles.access. These are models of the `games` app (registered by
the import at the top of games/models.py), so their migrations are its own.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse

from adjudication.battle import dice

GAME_MASTER_SIDE = ""  # the side column of the game master's full record


class Press(models.TextChoices):
    """The battle's press rule, which the game master picks."""

    NONE = "none", "No messages"
    OPEN = "open", "Sides may write to each other and to the game master"
    GAME_MASTER = "game_master", "Sides may write to the game master only"


class Battle(models.Model):
    class Status(models.TextChoices):
        FORMING = "forming", "Being set up"
        ACTIVE = "active", "Under way"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=100)
    game_master = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="mastered_battles"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.FORMING)
    width = models.PositiveSmallIntegerField(default=10)
    height = models.PositiveSmallIntegerField(default=10)
    terrain = models.JSONField(default=dict)  # {"c3": "trees"}; normal squares left out
    flanking = models.BooleanField(default=False)
    after_combat_healing = models.BooleanField(default=False)
    veterans = models.BooleanField(default=False)
    sight = models.PositiveSmallIntegerField(null=True, blank=True)  # fog: None for none
    turn_minutes = models.PositiveIntegerField(default=24 * 60)
    seed = models.CharField(max_length=64)  # secret until the battle ends
    commitment = models.CharField(max_length=64)  # shown from the start (dice.py)
    dice_position = models.PositiveIntegerField(default=0)  # the next roll's number
    overrides = models.JSONField(default=dict)  # {"12": 6}: a roll the game master set
    edits = models.JSONField(default=list)  # the game master's board edits, replayable (replay.py)
    order = models.JSONField(default=list)  # the sides in turn order, after the roll-off
    position = models.JSONField(default=list)  # the tokens as they stand (state.py)
    winner = models.CharField(max_length=40, blank=True)
    # Who may write to whom within the battle (battles/actions/press.py).
    press = models.CharField(max_length=12, choices=Press.choices, default=Press.NONE)
    # How it ended, when not played out (battles/actions/end.py, ruling B28).
    ended_by = models.CharField(max_length=12, blank=True)  # "concession" or "game master"
    result_note = models.CharField(max_length=300, blank=True)  # what was conceded or stated
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("battle", args=[self.pk])

    @property
    def turn_length(self) -> timedelta:
        return timedelta(minutes=self.turn_minutes)

    @property
    def seed_revealed(self) -> str:
        return self.seed if self.status == Battle.Status.FINISHED else ""

    @property
    def how_to_check(self) -> str:
        """How the commitment was made from the seed: battles created before it was the
        printed seed's hash were committed to the seed's bytes (dice.AS_BYTES)."""
        made = dice.how_committed(self.seed, self.commitment) if self.seed else None
        return dice.HOW_TO_CHECK[made or dice.AS_PRINTED]

    def open_turn(self) -> BattleTurn | None:
        return self.turns.filter(status=BattleTurn.Status.OPEN).order_by("-number").first()

    def side_names(self) -> list[str]:
        return list(self.sides.values_list("name", flat=True))


class BattleSide(models.Model):
    """A side and its player, who activates the tokens no other player controls (shares.py)."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="sides")
    name = models.CharField(max_length=40)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["battle", "name"], name="one_side_per_name")]

    def __str__(self) -> str:
        return self.name


class BattleToken(models.Model):
    """A token as the game master placed it; its later state is in `Battle.position`."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="tokens")
    name = models.CharField(max_length=40)
    side = models.CharField(max_length=40)
    at = models.CharField(max_length=6)
    att = models.PositiveSmallIntegerField()
    defence = models.PositiveSmallIntegerField()
    spd = models.PositiveSmallIntegerField()
    hp = models.PositiveSmallIntegerField()
    range = models.PositiveSmallIntegerField(default=0)
    heal = models.BooleanField(default=False)
    character = models.CharField(max_length=60, blank=True)
    character_att = models.SmallIntegerField(default=0)
    character_def = models.SmallIntegerField(default=0)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "name"], name="one_token_per_name")
        ]

    def __str__(self) -> str:
        return self.name


class BattleTurn(models.Model):
    """One side's turn: its deadline, the activation sent and what came of it."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        DONE = "done", "Done"

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField()
    side = models.CharField(max_length=40)
    deadline = models.DateTimeField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    text = models.TextField(blank=True)  # the activation in the notation
    # Each player's part of a shared side's activation, in the order they came
    # ([{"player": id, "text": ...}], battles/shares.py); `text` joins them.
    parts = models.JSONField(default=list)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    submitted = models.DateTimeField(null=True, blank=True)  # every awaited part is in
    reminded = models.BooleanField(default=False)
    results = models.JSONField(default=list)  # one line per action, for the game master

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "number"], name="one_turn_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.battle} turn {self.number} ({self.side})"


class BattleRecord(models.Model):
    """What one side knew after a turn (knowledge_json); side "" is the game master's."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="records")
    turn = models.PositiveIntegerField()
    side = models.CharField(max_length=40, blank=True)
    data = models.JSONField()

    class Meta:
        ordering = ["turn"]
        constraints = [
            models.UniqueConstraint(fields=["battle", "turn", "side"], name="one_record_per_side")
        ]

    def __str__(self) -> str:
        return f"{self.side or 'game master'} after turn {self.turn}"


class BattleRoll(models.Model):
    """One die of the battle: its number in the stream, its face, what it decided."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="rolls")
    turn = models.PositiveIntegerField()  # 0: the roll-off
    number = models.PositiveIntegerField()
    value = models.PositiveSmallIntegerField()
    decided = models.CharField(max_length=200)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"roll {self.number}: {self.value}"


class BattleMessage(models.Model):
    """A message within a battle: from a side (or the game master, ``from_side`` "")
    to a side (or the game master, ``to_side`` ""), as its sender wrote it."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="messages")
    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    from_side = models.CharField(max_length=40, blank=True)
    to_side = models.CharField(max_length=40, blank=True)
    text = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.from_side or 'game master'} to {self.to_side or 'game master'}"


class BattleLogEntry(models.Model):
    """Who did what to the battle (actor None: the server)."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    action = models.CharField(max_length=60)
    detail = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name_plural = "battle log entries"

    def __str__(self) -> str:
        return self.action


def describe(entry: Any) -> str:
    return f"{entry.action}: {entry.detail}" if entry.detail else str(entry.action)
