"""The API's request and answer shapes; the OpenAPI schema is made from these."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Field, Schema

PHASE_NAMED = (
    "The open phase's `name`, as the game's `phase` gives it (e.g. S1901M): a phase "
    "that has moved on is refused (409), so a stale read never acts on the next one."
)


class PhaseOut(Schema):
    name: str = Field(description="The phase's name (e.g. S1901M): a write names it as `phase`.")
    label: str
    kind: str
    ordinal: int
    status: str
    deadline: datetime | None


class GameOut(Schema):
    id: int
    name: str
    preset: str
    status: str
    role: str
    power: str
    phase: PhaseOut | None


class GameDetailOut(GameOut):
    powers: list[str]
    press_mode: str
    start_year: int
    movement_minutes: int
    retreat_minutes: int
    adjustment_minutes: int
    grace_extensions: int
    grace_minutes: int
    time_zone: str
    result: str


class RecordEntry(Schema):
    ordinal: int
    phase: str


class OrdersIn(Schema):
    phase: str = Field(description=PHASE_NAMED)
    orders: list[str] = []
    retreat_lists: dict[str, str] = {}
    adjustment_lines: list[str] = []


class CheckIn(Schema):
    text: str


class LineOut(Schema):
    text: str
    ok: bool
    order: str | None = None
    error: str | None = None


class OrdersOut(Schema):
    phase: str
    saved: bool
    lines: list[LineOut] = []


class ReadyIn(Schema):
    phase: str = Field(description=PHASE_NAMED)
    ready: bool = True


class ReadyOut(Schema):
    phase: str
    ready: bool


class Problem(Schema):
    """A refusal: ``detail`` names the problem; refused order lines come back in ``lines``."""

    detail: str
    lines: list[LineOut] = []


class FieldProblem(Schema):
    loc: list[str | int] = Field(description="Where: the field's path, its name last.")
    msg: str
    type: str


class ValidationProblem(Schema):
    """A malformed body or query (422): each problem names its field."""

    detail: list[FieldProblem]


JsonRecord = dict[str, Any]


class PressLineOut(Schema):
    sender: str
    true_sender: str
    to: str
    body: str
    phase_label: str
    outgoing: bool
    created: datetime


class PressPageOut(Schema):
    messages: list[PressLineOut]
    page: int
    pages: int


class PressIn(Schema):
    recipients: list[str]
    body: str
    shown_as: str = ""  # empty: signed with the sender's own power


class SentOut(Schema):
    sent: bool


class VoteOut(Schema):
    open_proposal: str
    own_ballot: bool | None
    can_vote: bool
    last_outcome: str


class ProposalIn(Schema):
    kind: Literal["draw", "concession"]
    conceded_to: str = ""


class BallotIn(Schema):
    yes: bool


class DoneOut(Schema):
    done: str


class ProcessIn(Schema):
    phase: str = Field(description=PHASE_NAMED)


class ExtendIn(Schema):
    minutes: int = Field(gt=0, le=60 * 24 * 60)


class DeadlineIn(Schema):
    deadline: datetime


class OrdersForPowerIn(OrdersIn):
    power: str


class MasterPressIn(Schema):
    recipients: list[str]
    body: str


class EndIn(Schema):
    result: str = Field("", max_length=200)


class PowerIn(Schema):
    power: str


class LogLineOut(Schema):
    created: datetime
    actor: str
    action: str
    detail: str
