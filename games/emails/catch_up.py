"""The catch-up email's content: every record of the newcomer's power so far,
each rendered as the results email renders it, and the latest map.

Read through games.access as the newcomer, so it holds exactly what their
power knows: the same bytes whatever other powers do out of its sight.
"""

from __future__ import annotations

from typing import Any

from adjudication.record import parse_record
from adjudication.vocabulary import phase_label
from games import access
from games.emails.pictures import map_png
from games.emails.position import position_lines
from postoffice.ics import bounded
from postoffice.models import OutboxMessage


def record_sections(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One section per record, oldest first: its phase, report lines and messages."""
    sections = []
    for record in records:
        knowledge = parse_record(record)
        sections.append(
            {
                "label": phase_label(knowledge.phase),
                "lines": list(knowledge.lines),
                "messages": list(knowledge.messages),
            }
        )
    return sections


def catch_up_context(
    message: OutboxMessage, viewer: access.Viewer
) -> tuple[dict[str, Any], bytes | None]:
    game = viewer.game
    through = int(message.context.get("through", 0))
    rows = access.access_records(viewer).filter(ordinal__lte=through)
    records = [row.data for row in rows]
    phase = message.phase
    context: dict[str, Any] = {
        "sections": record_sections(records),
        "phase_label": phase.label if phase else "",
        "deadline": bounded(phase.deadline) if phase else None,
        "paused": viewer.game.status == viewer.game.Status.PAUSED,
    }
    if records:
        context["position"] = position_lines(parse_record(records[-1]), viewer.power)
    picture = map_png(records[-1], game.name) if records else None
    return context, picture
