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
from games.models import Game, Phase, Preset, PressMode
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


# The powers of every board FogDip plays (the standard map and Saari's 1898 start).
PowerName = Literal["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
PhaseKind = Literal["M", "R", "A"]
# The roles a member may hold; strangers and spectators see nothing through the API.
RoleName = Literal["game master", "player", "observer"]


class PhaseOut(Schema):
    name: str = Field(description="The phase's name (e.g. S1901M): a write names it as `phase`.")
    label: str
    kind: PhaseKind = Field(description="Movement, retreats or adjustments.")
    ordinal: int
    status: Phase.Status
    deadline: datetime | None = Field(description="While the phase is open; null otherwise.")


class GameOut(Schema):
    id: int
    name: str
    preset: Preset
    status: Game.Status
    role: RoleName = Field(description="observer: a replaced player, with an observer's record.")
    power: PowerName | None = Field(description="My power; null for the game master, an observer.")
    phase: PhaseOut | None


class GameDetailOut(GameOut):
    powers: list[PowerName]
    press_mode: PressMode
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


class RetreatOwed(Schema):
    unit: str = Field(description="A dislodged unit of mine (A PAR).")
    options: list[str] = Field(description="Where it may retreat; empty: it can only disband.")


class OwedOut(Schema):
    """What the open phase asks of my power, from my own record."""

    units: list[str] = Field(
        description="The units I order this phase (in a retreat phase, my dislodged ones)."
    )
    retreats: list[RetreatOwed]
    builds: int = Field(ge=0, description="Builds due in an adjustment phase.")
    removals: int = Field(ge=0, description="Removals due in an adjustment phase.")
    build_sites: list[str] = Field(description="My free home centres, where I may build.")


class SheetOut(Schema):
    """My saved order sheet for the open phase; empty until I save one."""

    phase: str = Field(description="The open phase's name, as a write names it.")
    kind: PhaseKind = Field(description="Movement, retreats or adjustments.")
    saved: bool = Field(description="Whether orders have been saved for this phase.")
    orders: list[str] = Field(description="The saved orders in the rules' notation (A PAR - BUR).")
    retreat_lists: dict[str, list[str]] = Field(
        description="1989 rules: each unit's retreats sent ahead, in order of preference."
    )
    adjustment_lists: list[str] = Field(description="1989 rules: builds or removals sent ahead.")
    ready: bool
    updated: datetime | None = Field(description="When the orders were saved; null if never.")
    owed: OwedOut


class OrderChoice(Schema):
    order: str = Field(description="The order in the rules' notation, as `orders` takes it.")
    label: str = Field(description="In words, as the web's menu shows it (Move to Burgundy).")


class UnitOptions(Schema):
    unit: str = Field(description="One of my units (A PAR), or in a retreat phase a dislodged one.")
    label: str
    orders: list[OrderChoice] = Field(description="Every order the map allows this unit.")


class OptionsOut(Schema):
    """Every order I may give this phase, from my own record and the map alone."""

    phase: str
    kind: PhaseKind
    units: list[UnitOptions] = Field(description="Movement and retreat phases: each unit's orders.")
    builds: int = Field(ge=0)
    removals: int = Field(ge=0)
    adjustments: list[OrderChoice] = Field(
        description="Adjustment phases: the builds (with WAIVE) or removals to choose from, "
        "as many as `builds` or `removals` say."
    )


class OrdersOut(SheetOut):
    """The sheet as saved (the same shape as GET .../orders), and each line as read."""

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


Signature = Literal[
    "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY", "ANONYMOUS", "GM"
]


class PressLineOut(Schema):
    id: str = Field(description="The message's stable id: the `since` cursor takes it.")
    signed: Signature = Field(
        description="How it is signed: a power, ANONYMOUS, or GM (the game master)."
    )
    recipients: list[PowerName | Literal["EVERYONE"]] = Field(
        description='Whom it went to: power names, or ["EVERYONE"].'
    )
    sender: str = Field(description="`signed` in words, as the pages show it.")
    true_sender: str | None = Field(
        description='"you" on my own messages; who truly sent it, for the game master '
        "only; null otherwise."
    )
    to: str = Field(description="`recipients` in words, as the pages show them.")
    body: str
    phase_label: str
    outgoing: bool
    created: datetime


class PressPageOut(Schema):
    messages: list[PressLineOut]
    page: int = Field(ge=1, description="With `since`: 1.")
    pages: int = Field(ge=1, description="With `since`: 1.")
    more: bool = Field(
        description="Whether more messages follow: a later page, or (with `since`) "
        "more after the last one given."
    )


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
    open_proposal: str | None = Field(description="The proposal open now, in words; null: none.")
    own_ballot: bool | None = Field(description="My power's vote on it; null: not cast.")
    can_vote: bool
    last_outcome: str | None = Field(description="The last decided proposal; null: none yet.")


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


class TokenOut(Schema):
    """One of my live tokens: never its secret."""

    token_id: int = Field(description="What `POST /tokens/revoke` takes.")
    name: str
    prefix: str = Field(description="The secret's first characters, to tell tokens apart.")
    scope: Literal["read", "play"]
    game: int | None = Field(description="The one game it opens; null: all my games.")
    created: datetime
    last_used: datetime | None
    expires: datetime | None = Field(description="When it stops opening anything; null: never.")
    this_token: bool = Field(description="Whether it is the token this request came with.")


class RevokeIn(In):
    token_id: StrictInt = Field(ge=1)
