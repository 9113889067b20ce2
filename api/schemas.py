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
    orders: list[str] = Field([], description="One order a line, as on the web (A Par - Bur).")
    retreat_lists: dict[str, str] = Field(
        {}, description="1989 rules: each unit's retreats in order of preference."
    )
    adjustment_lines: list[str] = Field([], description="1989 rules: builds or removals ahead.")


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


RECIPIENTS = "Power names (FRANCE), or EVERYONE."


class PressIn(Schema):
    recipients: list[str] = Field(description=RECIPIENTS)
    body: str
    shown_as: str = Field(
        "",
        description="How it is signed, where the game's press rule lets the sender "
        "choose; empty: the sender's own power.",
    )


class SentOut(Schema):
    sent: bool


class VoteOut(Schema):
    open_proposal: str
    own_ballot: bool | None
    can_vote: bool
    last_outcome: str


class ProposalIn(Schema):
    kind: Literal["draw", "concession"]
    conceded_to: str = Field("", description="The power a concession is to.")


class BallotIn(Schema):
    yes: bool


class DoneOut(Schema):
    done: str


class ProcessIn(Schema):
    phase: str = Field(description=PHASE_NAMED)


class ExtendIn(Schema):
    minutes: int = Field(gt=0, le=60 * 24 * 60)


class DeadlineIn(Schema):
    deadline: datetime = Field(description="ISO 8601 with its offset.")


class OrdersForPowerIn(OrdersIn):
    power: str


class MasterPressIn(Schema):
    recipients: list[str] = Field(description=RECIPIENTS)
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
