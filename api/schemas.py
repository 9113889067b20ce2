"""The API's request and answer shapes; the OpenAPI schema is made from these.

A request shape (``In``) is the API's edge: it refuses a field it does not
know (a player's orders with "power": "GERMANY" are refused, not read as
France's), takes booleans and integers only as JSON's own (never "yes", 1 or
"10"), bounds every string and list (an order sheet as games/order_entry/bounds.py
does, press as games/press/rules.py does) and refuses a NUL or a lone
surrogate in any string (common/text.py). Each refusal is a 422 naming its
field, given before any route reads the body.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from django.utils import timezone
from ninja import Field, Schema
from pydantic import (
    AfterValidator,
    AwareDatetime,
    BeforeValidator,
    ConfigDict,
    StringConstraints,
    model_validator,
)
from pydantic import StrictBool as StrictBool
from pydantic import StrictInt as StrictInt
from pydantic_core import PydanticCustomError

from common.text import unstorable
from games.deadlines import horizon_problem
from games.order_entry import bounds
from games.press.rules import MAX_BODY

NAME_CHARS = 40  # a power's or a phase's name, with room to spare


def storable(value: str) -> str:
    if why := unstorable(value):
        raise PydanticCustomError("unstorable_text", f"Text {why}")
    return value


def chars(most: int) -> StringConstraints:
    """A JSON string (never a number read as one) of at most ``most`` characters."""
    return StringConstraints(strict=True, max_length=most)


STORABLE = AfterValidator(storable)


def at_most(most: int) -> BeforeValidator:
    """Refuses a list or object of more than ``most`` items before one is read
    (pydantic counts an object's keys only after validating each)."""

    def check(value: Any) -> Any:
        if isinstance(value, dict | list) and len(value) > most:
            raise PydanticCustomError(
                "too_long", f"At most {most} items are allowed, not {len(value):,}"
            )
        return value

    return BeforeValidator(check)


def typed_lines(value: str) -> str:
    if problem := bounds.text_problem(value):
        raise PydanticCustomError("too_long", problem)
    return value


def within_horizon(value: datetime) -> datetime:
    if problem := horizon_problem(value, timezone.now()):
        raise PydanticCustomError("deadline_too_far", problem)
    return value


def iso_text(value: Any) -> Any:
    """A deadline comes as ISO 8601 text, never as a bare number."""
    if not isinstance(value, str):
        raise PydanticCustomError("datetime_type", "Give the deadline as ISO 8601 text")
    return value


Name = Annotated[str, chars(NAME_CHARS), STORABLE]
OrderLine = Annotated[str, chars(bounds.MAX_LINE_CHARS), STORABLE]
Lines = Annotated[list[OrderLine], at_most(bounds.MAX_LINES)]
RetreatLists = Annotated[
    dict[
        Annotated[str, chars(bounds.MAX_UNIT_CHARS), STORABLE],
        Annotated[str, chars(bounds.MAX_LIST_CHARS), STORABLE],
    ],
    at_most(bounds.MAX_LINES),
]
Names = Annotated[list[Name], at_most(20)]  # the powers of a game, and everyone
PressBody = Annotated[str, chars(MAX_BODY), STORABLE]
Deadline = Annotated[AwareDatetime, BeforeValidator(iso_text), AfterValidator(within_horizon)]


# Unknown fields named one by one; past this many, refused as one problem
# before pydantic makes an error for each (100,000 keys cost 2 s of CPU).
MAX_UNKNOWN_FIELDS = 20


class In(Schema):
    """A request body: unknown fields refused."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def few_fields(cls, data: Any) -> Any:
        most = len(cls.model_fields) + MAX_UNKNOWN_FIELDS
        if isinstance(data, dict) and len(data) > most:
            raise PydanticCustomError(
                "too_many_fields",
                "The body has {count} fields; this route reads at most {most}",
                {"count": len(data), "most": len(cls.model_fields)},
            )
        return data


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


SHEET = (
    f"At most {bounds.MAX_LINES} lines in all (orders, retreat lists and builds), "
    f"each at most {bounds.MAX_LINE_CHARS} characters."
)


class OrdersIn(In):
    phase: Name = Field(description=PHASE_NAMED)
    orders: Lines = Field([], description=f"One order a line, as on the web (A Par - Bur). {SHEET}")
    retreat_lists: RetreatLists = Field(
        {}, description="1989 rules: each unit's retreats in order of preference."
    )
    adjustment_lines: Lines = Field([], description="1989 rules: builds or removals ahead.")


class CheckIn(In):
    text: Annotated[str, StringConstraints(strict=True), AfterValidator(typed_lines)] = Field(
        description=f"One order a line. {SHEET}"
    )


class LineOut(Schema):
    text: str
    ok: bool
    order: str | None = None
    error: str | None = None


class OrdersOut(Schema):
    phase: str
    saved: bool
    lines: list[LineOut] = []


class ReadyIn(In):
    phase: Name = Field(description=PHASE_NAMED)
    ready: StrictBool = True


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


class PressIn(In):
    recipients: Names = Field(description=RECIPIENTS)
    body: PressBody
    shown_as: Name = Field(
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


class ProposalIn(In):
    kind: Literal["draw", "concession"]
    conceded_to: Name = Field("", description="The power a concession is to.")


class BallotIn(In):
    yes: StrictBool


class DoneOut(Schema):
    done: str


class ProcessIn(In):
    phase: Name = Field(description=PHASE_NAMED)


class ExtendIn(In):
    minutes: StrictInt = Field(gt=0, le=60 * 24 * 60)


class DeadlineIn(In):
    deadline: Deadline = Field(
        description="ISO 8601 with its offset (2030-01-31T18:00:00+01:00), at most 366 days ahead."
    )


class OrdersForPowerIn(OrdersIn):
    power: Name


class MasterPressIn(In):
    recipients: Names = Field(description=RECIPIENTS)
    body: PressBody


class EndIn(In):
    result: Annotated[str, chars(200), STORABLE] = ""


class PowerIn(In):
    power: Name


class LogLineOut(Schema):
    created: datetime
    actor: str
    action: str
    detail: str
