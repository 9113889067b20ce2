"""The game's data: metadata, seats, phases, orders, knowledge records, the log.

Models hold data and the questions that can be answered from one row or its
children; every write goes through games.actions, and every read a player
sees goes through games.access. No signals, no logic in save().
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse

from adjudication.vocabulary import GAME_MASTER, OBSERVER, PHASE_KIND_NAMES, phase_label
from common.fields import RowInsertedJSONField
from games import deadlines, gateway

GAME_MASTER_POWER = GAME_MASTER  # the power column of the game master's full record
OBSERVER_POWER = OBSERVER  # the record of a power with no units


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Preset(models.TextChoices):
    STANDARD = "standard", "Standard (full information)"
    DC2005 = "dc2005", "Fog of War (Diplomaticcorp, 2005)"
    REYNOLDS1989 = "reynolds1989", "Fog-of-War Diplomacy (Reynolds, 1989)"
    DIPLOMYOPIA = "diplomyopia", "Diplomyopia (Hemming, 1972)"
    SAARI1898 = "saari1898", "Saari's fog on the 1898 start"


class PressMode(models.TextChoices):
    NONE = "none", "No press (gunboat)"
    WHITE = "white", "White press (signed)"
    GREY = "grey", "Grey press (anonymous allowed)"
    BLACK = "black", "Black press (false signatures allowed)"


class ResultKind(models.TextChoices):
    SOLO = "solo", "Solo victory"
    DRAW = "draw", "Draw"
    CONCESSION = "concession", "Concession"
    ENDED = "ended", "Ended by the game master"


class Game(models.Model):
    class Status(models.TextChoices):
        FORMING = "forming", "Forming"
        ACTIVE = "active", "Under way"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=100)
    preset = models.CharField(max_length=20, choices=Preset.choices, default=Preset.STANDARD)
    start_year = models.PositiveSmallIntegerField(choices=[(1901, "1901"), (1898, "1898")])
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.FORMING)
    movement_minutes = models.PositiveIntegerField(default=48 * 60)
    retreat_minutes = models.PositiveIntegerField(default=24 * 60)
    adjustment_minutes = models.PositiveIntegerField(default=24 * 60)
    time_zone = models.CharField(max_length=64, default="UTC")
    press_mode = models.CharField(max_length=10, choices=PressMode.choices, default=PressMode.WHITE)
    anonymous = models.BooleanField(default=False)
    press_open = models.BooleanField(default=True)  # the game master's switch
    unfog_when_finished = models.BooleanField(default=True)
    spectators_allowed = models.BooleanField(default=False)  # non-members may watch
    game_master = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="mastered_games"
    )
    join_token = models.CharField(max_length=40, unique=True, default=new_token)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    result = models.CharField(max_length=200, blank=True)
    result_kind = models.CharField(max_length=12, choices=ResultKind.choices, blank=True)
    result_powers = models.JSONField(default=list, blank=True)  # the winner, drawers or conceded-to
    # Open seats (docs/lifecycle.md): listed in the lobby; a seat opens after
    # this many movement phases in a row without orders (0: never); a
    # newcomer's first phase is extended once by this much.
    in_lobby = models.BooleanField(default=True)
    # A practice game (games/actions/caretakers.py): the one person playing it
    # against caretakers, who alone may end it; null for every other game.
    practice_player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="practice_games",
    )
    open_seat_after = models.PositiveSmallIntegerField(default=0)
    newcomer_extension_minutes = models.PositiveIntegerField(default=24 * 60)
    # The clock rules (docs/lifecycle.md, "Deadlines"); games.deadlines computes with them.
    deadline_time = models.TimeField(null=True, blank=True)  # deadlines at this time of day
    skip_weekends = models.BooleanField(default=False)
    grace_minutes = models.PositiveIntegerField(default=24 * 60)  # one extension's length
    grace_extensions = models.PositiveSmallIntegerField(default=0)  # extensions for missing orders
    ready_delay_minutes = models.PositiveSmallIntegerField(default=5)
    absence_limit = models.PositiveSmallIntegerField(default=2)  # deadline moves per player
    # What a newcomer from the lobby must have to join or take a seat (docs/standing.md).
    min_reliability = models.PositiveSmallIntegerField(null=True, blank=True)  # percent
    min_rating = models.SmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    @property
    def powers(self) -> tuple[str, ...]:
        """The powers of the game's board, which its rule set names."""
        return gateway.powers(self.preset)

    @property
    def is_fogged(self) -> bool:
        return self.preset != Preset.STANDARD

    def phase_length(self, kind: str) -> timedelta:
        minutes = {"M": self.movement_minutes, "R": self.retreat_minutes}
        return timedelta(minutes=minutes.get(kind, self.adjustment_minutes))

    def clock(self) -> deadlines.Clock:
        lengths = {kind: self.phase_length(kind) for kind in ("M", "R", "A")}
        return deadlines.Clock(lengths, self.time_zone, self.deadline_time, self.skip_weekends)

    def active_seats(self) -> models.QuerySet[Seat]:
        return self.seats.exclude(status=Seat.Status.REPLACED)

    def current_phase(self) -> Phase | None:
        return self.phases.order_by("-ordinal").first()

    def seat_of(self, user: Any) -> Seat | None:
        if not getattr(user, "is_authenticated", False):
            return None
        return self.active_seats().filter(user=user).first()


class Seat(models.Model):
    """A user's place in a game; the power is set when powers are assigned."""

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        REPLACED = "replaced", "Replaced"
        ELIMINATED = "eliminated", "Eliminated"
        CIVIL_DISORDER = "disorder", "Civil disorder"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    power = models.CharField(max_length=10, blank=True)
    preferences = models.CharField(max_length=100, blank=True)
    setup_choice = models.CharField(max_length=10, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["power", "joined"]

    def __str__(self) -> str:
        return f"{self.user} as {self.power or 'unassigned'} in {self.game}"

    def preference_list(self) -> list[str]:
        return [p for p in self.preferences.split(",") if p]


class Phase(models.Model):
    """One deadline: the board before it and what came out of it, as JSON."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ADJUDICATING = "adjudicating", "Adjudicating"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="phases")
    ordinal = models.PositiveIntegerField()
    name = models.CharField(max_length=10)
    deadline = models.DateTimeField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    claimed = models.DateTimeField(null=True, blank=True)
    paused_remaining = models.DurationField(null=True, blank=True)
    # When every seated power is ready the phase ends here, kept apart from the
    # deadline that players see (docs/lifecycle.md, ruling on the early end).
    early_end = models.DateTimeField(null=True, blank=True)
    extensions = models.PositiveSmallIntegerField(default=0)  # automatic ones, for missing orders
    failure_reason = models.TextField(blank=True)
    position = models.JSONField()
    outcome = models.JSONField(null=True, blank=True)
    adjudicated = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["game", "ordinal"], name="phase_ordinal_unique"),
        ]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        return f"{self.game} {self.name}"

    @property
    def kind(self) -> str:
        return self.name[-1]

    @property
    def kind_label(self) -> str:
        return PHASE_KIND_NAMES.get(self.kind, "phase").capitalize()

    @property
    def label(self) -> str:
        return phase_label(self.name)


class OrderSheet(models.Model):
    """A power's orders for one phase: as typed, as parsed, when; and ready."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="order_sheets")
    power = models.CharField(max_length=10)
    typed = models.TextField(blank=True)
    parsed = models.JSONField(default=list)
    extras = models.JSONField(default=dict)
    ready = models.BooleanField(default=False)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    updated = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["phase", "power"], name="order_sheet_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.power} orders for {self.phase}"


class KnowledgeRecord(models.Model):
    """What one power may know after a phase (docs/knowledge-record.md).

    ``phase`` is the phase the record reports on; None for the record of the
    opening position. ``power`` is "" for the game master's full record and
    OBSERVER for the record of a power with no units. ``revision`` counts the
    game master's board edits: each edit appends, at the same ordinal, a new
    revision of the records of the powers whose view it changed (rows are never
    rewritten); every read takes a power's latest revision (games.records).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="records")
    phase = models.ForeignKey(
        Phase, on_delete=models.CASCADE, null=True, blank=True, related_name="records"
    )
    ordinal = models.PositiveIntegerField()
    power = models.CharField(max_length=10, blank=True)
    revision = models.PositiveSmallIntegerField(default=0)
    data = RowInsertedJSONField()

    class Meta:
        ordering = ["game", "ordinal", "power", "revision"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "ordinal", "power", "revision"], name="knowledge_record_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.power or 'GM'} record {self.data.get('phase')} in {self.game_id}"


class Invitation(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    token = models.CharField(max_length=40, unique=True, default=new_token)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    created = models.DateTimeField(auto_now_add=True)
    accepted = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="accepted_invitations",
    )
    # Set when the game master lets another confirmed account take the
    # invitation (InvitationRequest): from then on that account alone may
    # claim it, and the invited address no longer can.
    for_account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="invitations_given",
    )

    def __str__(self) -> str:
        return f"{self.email} to {self.game}"


class InvitationRequest(models.Model):
    """A confirmed account that is not the invited address asks the game
    master to let it take the invitation. One request per account and
    invitation: a refusal stands, so nobody can ask the game master again and
    again."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for the game master"
        APPROVED = "approved", "Approved"
        REFUSED = "refused", "Refused"

    invitation = models.ForeignKey(Invitation, on_delete=models.CASCADE, related_name="requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitation_requests"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(auto_now_add=True)
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["invitation", "user"], name="one_request_per_account_and_invitation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} asks for {self.invitation} ({self.status})"


class LogEntry(models.Model):
    """Who did what, when: every game-master action and every adjudication."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="game_log_entries",
    )
    action = models.CharField(max_length=30)
    detail = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name_plural = "log entries"

    def __str__(self) -> str:
        return f"{self.created:%Y-%m-%d %H:%M} {self.action}"


# Press, votes, open seats and absences live beside their rules; they are
# models of this app, imported here so Django registers them with it.
from games.absences.models import Absence  # noqa: E402
from games.press.models import PressMessage, PressRecipient  # noqa: E402
from games.seats.models import CaretakerSeat, OpenSeat  # noqa: E402
from games.votes.models import Ballot, Proposal  # noqa: E402

__all__ = [
    "Absence",
    "Ballot",
    "CaretakerSeat",
    "Game",
    "Invitation",
    "InvitationRequest",
    "KnowledgeRecord",
    "LogEntry",
    "OpenSeat",
    "OrderSheet",
    "Phase",
    "PressMessage",
    "PressRecipient",
    "Proposal",
    "Seat",
]


class OrdersAhead(models.Model):
    """Retreat or adjustment orders a power sent during the movement phase
    before, for a phase not yet open (``PHASE F1901R``); when that phase opens
    each line still legal for the power is entered, and the rest dropped, with
    the reason kept for the power's results email."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="orders_ahead")
    power = models.CharField(max_length=10)
    phase_name = models.CharField(max_length=10)
    lines = models.JSONField(default=list)
    applied = models.JSONField(default=list)
    dropped = models.JSONField(default=list)  # [line, why] pairs
    opened = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "power", "phase_name"], name="orders_ahead_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.power} orders ahead for {self.game} {self.phase_name}"
