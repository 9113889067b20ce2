"""The API's request and answer shapes; the OpenAPI schema is made from these."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema


class PhaseOut(Schema):
    name: str
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
    phase: str
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
    phase: str
    ready: bool = True


class ReadyOut(Schema):
    phase: str
    ready: bool


class Problem(Schema):
    detail: str
    lines: list[LineOut] = []


JsonRecord = dict[str, Any]
