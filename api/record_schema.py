"""The knowledge record as the schema declares it (docs/knowledge-record.md).

The routes answer the record exactly as stored, byte for byte as the pages
and the caretaker read it; these classes only describe it, so a program
written from the schema alone knows every key. The record's own reader
(adjudication/record.py) is what checks it; the schema-alone test holds
every record answered to this description.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import ConfigDict, StringConstraints

from adjudication.vocabulary import OrderKind

Unit = Annotated[str, StringConstraints(pattern=r"^[AF] [A-Z]{3}(/[NESW]C)?$")]
Province = Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]
Location = Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}(/[NESW]C)?$")]
Owner = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Z_]*$")]
PhaseName = Annotated[str, StringConstraints(pattern=r"^([SFW]\d{4}[MRA]|SETUP)$")]
Result = Literal["success", "fail", "illegal"] | None


class Closed(Schema):
    model_config = ConfigDict(extra="forbid")


class GhostUnitOut(Closed):
    power: Owner
    unit: Unit
    seen: PhaseName = Field(description="The phase it was last seen in.")


class GhostCentreOut(Closed):
    province: Province
    power: Owner | None = Field(description="Its owner when last seen; null: neutral.")
    seen: PhaseName


class GhostsOut(Closed):
    units: list[GhostUnitOut] = Field(description="Units seen earlier, not now.")
    centers: list[GhostCentreOut] = Field(description="Centre owners seen earlier, not now.")


class DislodgedOut(Closed):
    power: Owner
    unit: Unit
    retreat_options: list[Location] = Field(description="Where it may retreat (empty: disband).")


class SeenOrderOut(Closed):
    """An observed order; null marks a field the rules hide (??? in `text`)."""

    power: Owner | None
    unit: Literal["A", "F"] | None
    from_: Location | None = Field(alias="from")
    kind: Literal[tuple(kind.value for kind in OrderKind)]  # type: ignore[valid-type]
    result: Result = Field(description="null where the rules hide it.")
    text: str
    to: Location | None = Field(None, description="A move's or retreat's destination.")
    via_convoy: bool | None = Field(None, description="A move's only.")
    target_from: Location | None = Field(None, description="A support's or convoy's unit.")
    target_to: Location | None = Field(
        None, description="Where a supported or convoyed unit moves; absent for a support to hold."
    )


class KnowledgeRecordOut(Closed):
    """Everything one power may know after a phase, and nothing else."""

    preset: Literal["standard", "dc2005", "reynolds1989", "diplomyopia", "saari1898"]
    power: Owner | None = Field(description="Whose record; null for the game master's full view.")
    phase: PhaseName = Field(description="The phase just adjudicated; SETUP before the first.")
    sees: list[Province] = Field(description="Provinces the power sees now.")
    units: dict[Owner, list[Unit]] = Field(description="Every unit it knows of now, by owner.")
    centers: dict[Owner, list[Province]] = Field(description="Centre owners it knows now.")
    ghosts: GhostsOut
    dislodged: list[DislodgedOut] = Field(description="Its own dislodged units.")
    orders: list[SeenOrderOut] = Field(description="The orders it observed, its own first.")
    lines: list[str] = Field(description="The report as text, one line each.")
    messages: list[str] = Field(description="Everything else the rules told it.")


def record_components() -> dict[str, Any]:
    """The record's classes as schema components, each under its own name."""
    schema = KnowledgeRecordOut.model_json_schema(
        ref_template="#/components/schemas/{model}", by_alias=True
    )
    parts: dict[str, Any] = schema.pop("$defs", {})
    return {**parts, "KnowledgeRecordOut": schema}


RECORD_ANSWER = {
    "description": "OK: the record as stored (docs/knowledge-record.md).",
    "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/KnowledgeRecordOut"}}
    },
}
