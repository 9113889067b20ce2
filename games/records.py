"""Storing and finding knowledge records (docs/knowledge-record.md).

Internal plumbing shared by actions (which store records and read a power's
own record to check its orders) and access (which decides who may read which).
Views never import this module: they go through games.access.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from adjudication.record import Knowledge, parse_optional
from common.prepared import first_of, last_of, prepared
from games.models import Game, KnowledgeRecord, Phase


def store_records(
    game: Game, phase: Phase | None, ordinal: int, records: dict[str, dict[str, Any]]
) -> None:
    """One row per power (and "" for the game master, OBSERVER for observers)."""
    KnowledgeRecord.objects.bulk_create(
        KnowledgeRecord(game=game, phase=phase, ordinal=ordinal, power=key, data=data)
        for key, data in sorted(records.items())
    )


def records_of(game: Game | int, power: str) -> QuerySet[KnowledgeRecord]:
    """Every record of one power (or "" / OBSERVER), oldest first: at each
    ordinal the latest revision (a board edit appends one). ``game`` may be
    its id, as in the prepared reads below."""
    rows = KnowledgeRecord.objects.filter(game=game, power=power)
    return current_revisions(rows).order_by("ordinal")


def current_revisions(rows: QuerySet[KnowledgeRecord]) -> QuerySet[KnowledgeRecord]:
    """The rows no later revision replaces."""
    later = KnowledgeRecord.objects.filter(
        game=OuterRef("game"),
        ordinal=OuterRef("ordinal"),
        power=OuterRef("power"),
        revision__gt=OuterRef("revision"),
    )
    return rows.exclude(Exists(later))


@prepared
def newest_record(game_id: int, power: str) -> QuerySet[KnowledgeRecord]:
    """A power's latest record (the records_of row .last() gives)."""
    return last_of(records_of(game_id, power))


@prepared
def record_at(game_id: int, power: str, ordinal: int) -> QuerySet[KnowledgeRecord]:
    """A power's record at one ordinal (its latest revision)."""
    return first_of(records_of(game_id, power).filter(ordinal=ordinal))


def told_records(game: Game | int, power: str) -> QuerySet[KnowledgeRecord]:
    """Every record of one power as the adjudication of its phase told it
    (revision 0), oldest first: what the history shows. A board edit's
    revisions belong to the phase open when it was made: they are the
    current record (records_of), never a past phase's history."""
    rows = KnowledgeRecord.objects.filter(game=game, power=power, revision=0)
    return rows.order_by("ordinal")


@prepared
def told_record_at(game_id: int, power: str, ordinal: int) -> QuerySet[KnowledgeRecord]:
    """A power's record at one ordinal as its phase told it (revision 0)."""
    return first_of(told_records(game_id, power).filter(ordinal=ordinal))


def latest_record(game: Game, power: str) -> dict[str, Any] | None:
    record = newest_record.first(game_id=game.pk, power=power)
    return record.data if record else None


def latest_knowledge(game: Game, power: str) -> Knowledge | None:
    """The power's latest record, typed (adjudication.record)."""
    return parse_optional(latest_record(game, power))


def records_before(game: Game, ordinal: int) -> dict[str, dict[str, Any]]:
    """Every record (each power's, the observer's) as it stood before a phase."""
    rows = current_revisions(KnowledgeRecord.objects.filter(game=game, ordinal=ordinal - 1))
    return {row.power: row.data for row in rows if row.power}


def store_edited_records(game: Game, records: dict[str, dict[str, Any]]) -> None:
    """A board edit's records: each a new revision of the power's latest record."""
    for key, data in sorted(records.items()):
        rows = KnowledgeRecord.objects.filter(game=game, power=key)
        row = rows.order_by("ordinal", "revision").last()
        assert row is not None, f"no record of {key or 'the game master'} to revise"
        KnowledgeRecord.objects.create(
            game=game,
            phase=row.phase,
            ordinal=row.ordinal,
            power=key,
            revision=row.revision + 1,
            data=data,
        )
