"""The knowledge records a viewer may read, and what opens when the game ends."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import (
    Q,
    QuerySet,
)
from django.http import Http404

from adjudication.record import Knowledge, parse_optional, parse_record
from adjudication.vocabulary import SETUP
from games import gateway
from games.access.viewers import Viewer
from games.models import (
    GAME_MASTER_POWER,
    Game,
    KnowledgeRecord,
)
from games.records import newest_record, record_at, records_of, told_record_at, told_records


def unfogged(viewer: Viewer) -> bool:
    """A finished game's whole history is open to whoever may see the game, unless turned off."""
    game = viewer.game
    return game.status == Game.Status.FINISHED and game.unfog_when_finished


def record_key(viewer: Viewer, power: str | None = None) -> str:
    """Which records a viewer asking for ``power`` may read; 404 when none."""
    wanted = viewer.own_record_key if power is None else power
    if viewer.is_game_master or wanted == viewer.own_record_key:
        return wanted
    if unfogged(viewer) and (wanted == GAME_MASTER_POWER or wanted in viewer.game.powers):
        return wanted
    raise Http404("No such record")


def replay_open(viewer: Viewer) -> bool:
    """The replay and the centre chart exist only after the end, and only when
    the game master lets the fog lift (for the game master: at the end)."""
    finished = viewer.game.status == Game.Status.FINISHED
    return unfogged(viewer) or (finished and viewer.is_game_master)


def require_replay(viewer: Viewer) -> None:
    """Before the replay opens, its pages answer 404, as for a page that does not exist."""
    if not replay_open(viewer):
        raise Http404("No such page")


def access_replay_steps(viewer: Viewer) -> list[tuple[int, str]]:
    """Each recorded step of the game, (ordinal, phase name), without a record's data."""
    require_replay(viewer)
    rows = records_of(viewer.game, GAME_MASTER_POWER).values_list("ordinal", "phase__name")
    return [(ordinal, name or SETUP) for ordinal, name in rows]


def access_centre_history(viewer: Viewer) -> list[tuple[str, dict[str, int]]]:
    """Each power's centres at the start and after every adjustment phase (and
    at the last step), counted from the true records: the replay only."""
    require_replay(viewer)
    records = records_of(viewer.game, GAME_MASTER_POWER)
    chosen = records.filter(Q(phase__isnull=True) | Q(phase__name__endswith="A"))
    rows = list(chosen.values_list("ordinal", "data"))
    last = records.last()
    if last is not None:
        rows.append((last.ordinal, last.data))
    steps = dict(sorted(rows))  # the last step is counted once, also when it is an adjustment
    return [(year_of(data["phase"]), centre_counts(data)) for data in steps.values()]


def year_of(phase: str) -> str:
    """1901 for S1901M; the opening position is labelled "start"."""
    return "start" if phase == SETUP else phase[1:-1]


def centre_counts(record: dict[str, Any]) -> dict[str, int]:
    return {power: len(centres) for power, centres in record.get("centers", {}).items()}


@dataclass(frozen=True)
class PublicCentres:
    """What the game's rule set tells everyone of the supply centres
    (``gateway.centres_published``), and so what an observer may be shown."""

    published: str  # "owners", "totals" or "none"
    totals: str = ""  # under "totals": the latest told, "5, 4, 3, ..."
    told_in: str = ""  # the phase whose record told them (W1898A)


def access_public_centres(viewer: Viewer) -> PublicCentres:
    """Read from the viewer's own records: the latest adjustment record
    carries the totals where the rule set publishes them."""
    published = gateway.centres_published(viewer.game.preset)
    if published != "totals":
        return PublicCentres(published)
    winters = access_records(viewer).filter(phase__name__endswith="A")
    latest = winters.order_by("-ordinal").only("data").first()
    if latest is None:
        return PublicCentres(published)
    knowledge = parse_record(latest.data)
    return PublicCentres(published, gateway.centre_totals_in(knowledge.messages), knowledge.phase)


def access_records(viewer: Viewer, power: str | None = None) -> QuerySet[KnowledgeRecord]:
    """Every record the viewer may read for ``power`` (default: their own), oldest first."""
    return records_of(viewer.game, record_key(viewer, power))


def access_current_record(viewer: Viewer, power: str | None = None) -> dict[str, Any] | None:
    record = newest_record.first(game_id=viewer.game.pk, power=record_key(viewer, power))
    return record.data if record else None


def access_current_knowledge(viewer: Viewer, power: str | None = None) -> Knowledge | None:
    """The viewer's current record, typed (adjudication.record)."""
    return parse_optional(access_current_record(viewer, power))


def access_recent_knowledge(viewer: Viewer, count: int) -> list[tuple[int, Knowledge]]:
    """The viewer's own latest ``count`` records, newest first, with their ordinals."""
    rows = records_of(viewer.game, record_key(viewer, None)).order_by("-ordinal")[:count]
    return [(row.ordinal, parse_record(row.data)) for row in rows]


def access_record_at(viewer: Viewer, ordinal: int, power: str | None = None) -> dict[str, Any]:
    record = record_at.first(
        game_id=viewer.game.pk, power=record_key(viewer, power), ordinal=ordinal
    )
    if record is None:
        raise Http404("No such record")
    return record.data


def access_history(viewer: Viewer, power: str | None = None) -> QuerySet[KnowledgeRecord]:
    """The records the history shows, oldest first: each phase as its
    adjudication told it, so a board edit made later never rewrites a past
    phase's page (docs/lifecycle.md, "Board edits")."""
    return told_records(viewer.game, record_key(viewer, power))


def access_history_at(viewer: Viewer, ordinal: int, power: str | None = None) -> dict[str, Any]:
    """One phase of the history, as access_history reads it; 404 when none."""
    key = record_key(viewer, power)
    record = told_record_at.first(game_id=viewer.game.pk, power=key, ordinal=ordinal)
    if record is None:
        raise Http404("No such record")
    return record.data


def access_record_of_phase(viewer: Viewer, phase: str) -> dict[str, Any] | None:
    """The viewer's own record of a phase by its code (``S1901M``), as the
    history shows it (as the phase told it); None when it has none (GET MAP
    <phase> by email)."""
    # Asked of the database: reading every record to find one grew with the game.
    rows = access_history(viewer).filter(data__phase=phase).order_by("-ordinal")
    record = rows.only("data").first()
    return record.data if record else None
